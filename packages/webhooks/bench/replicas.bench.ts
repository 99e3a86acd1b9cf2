// Ingestion and drain with one, two and three receiver replicas on PostgreSQL, next to the
// embedded SQLite store, in one run. Closed loop, 32 in flight, distinct signed alerts spread
// round robin over the replicas; each replica delivers to a file of its own. Ingestion: 2xx per
// second while the load runs. Drain: alerts delivered per second from the first request until the
// shared outbox is empty. On a 2-core machine the replicas, the database and the load generator
// share the cores: this shows what the machine shows, not linear scaling.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSchemas, freshSchema, TEST_DATABASE_URL } from '../../../tests/helpers/test-database.ts';
import { CONCURRENCY, closeAgent, closedLoop, SECRET } from './load.ts';
import { killAll, receiverProcess, stop } from './spawn.ts';

const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), 'tk-replicas-bench-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const lines = (path: string) => {
  try {
    return readFileSync(path, 'utf8').split('\n').length - 1;
  } catch {
    return 0;
  }
};

async function run(label: string, replicas: number, storage: object) {
  const sinks = Array.from({ length: replicas }, (_, i) => join(dir, `${label}-${i}.jsonl`));
  const started = [];
  for (const [i, sink] of sinks.entries()) {
    const config = {
      storage,
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'BENCH_SECRET' } }],
      destinations: [{ name: 'sink', type: 'file', path: sink }],
      route: { destination: 'sink' },
      log: { level: 'warn' },
    };
    started.push(await receiverProcess(config, join(dir, `${label}-${i}.json`), { BENCH_SECRET: SECRET }));
  }
  const t0 = performance.now();
  const { rate, sent } = await closedLoop(
    started.map((s) => s.url),
    PHASE_MS,
  );
  while (sinks.reduce((n, s) => n + lines(s), 0) < sent) await sleep(20);
  const drain = sent / ((performance.now() - t0) / 1000);
  for (const s of started) await stop(s.child);
  return { label, rate, drain };
}

const schemas: string[] = [];
const postgres = (n: number) => {
  const schema = freshSchema(`tk_bench_${n}`);
  schemas.push(schema);
  return { url: TEST_DATABASE_URL, schema };
};

const results: Array<{ label: string; rate: number; drain: number }> = [];
try {
  results.push(await run('sqlite, 1 process', 1, { path: join(dir, 'store.db'), synchronous: 'full' }));
  for (const n of [1, 2, 3]) results.push(await run(`postgres, ${n} replica(s)`, n, postgres(n)));
} finally {
  killAll();
  closeAgent();
  await dropSchemas(schemas);
  rmSync(dir, { recursive: true, force: true });
}

const base = results[0]!;
console.log(
  `\n@trackerkit/webhooks replicas bench (${CONCURRENCY} in flight, ${PHASE_MS / 1000} s load per setup)`,
);
console.log(
  `  ${'setup'.padEnd(24)} ${'ingest/s'.padStart(9)} ${'drain/s'.padStart(9)} ${'vs sqlite'.padStart(10)}`,
);
for (const r of results) {
  console.log(
    `  ${r.label.padEnd(24)} ${r.rate.toFixed(0).padStart(9)} ${r.drain.toFixed(0).padStart(9)} ${`${(r.drain / base.drain).toFixed(2)}x`.padStart(10)}`,
  );
}
