// Ingestion and drain with one, two and three receiver replicas on PostgreSQL, next to the
// embedded SQLite store, in one run. Closed loop, 32 in flight, distinct signed alerts spread
// round robin over the replicas; each replica delivers to a file of its own. Ingestion: 2xx per
// second while the load runs. Drain: alerts delivered per second from the first request until the
// shared outbox is empty. On a 2-core machine the replicas, the database and the load generator
// share the cores: this shows what the machine shows, not linear scaling. CPU-µs per alert (the
// replica processes from /proc plus their PostgreSQL backends, from the first request until the
// outbox is empty) does not depend on that: it says whether a replica adds work per alert.
// The floor (servers/floor-receiver.ts: verify, one durable row, forward, mark; nothing else) in
// one and in three processes on one table shows what the machine allows any receiver that shares
// a database: its three against its one is the best three replicas could do here.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSchemas, freshSchema, TEST_DATABASE_URL } from '../../../tests/helpers/test-database.ts';
import { CONCURRENCY, closeAgent, closedLoop, SECRET } from './load.ts';
import { backendCpuSince, backendPids, cpuMicros, loadAverage, postgresCpu } from './proc-cpu.ts';
import { jsonServer, killAll, receiverProcess, stop } from './spawn.ts';

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

type Storage = { path: string; synchronous: string } | { url: string; schema: string; app: string };

/** Servers started for a setup: where to send, whose CPU to count, how many alerts arrived. */
interface Setup {
  urls: URL[];
  children: ChildProcess[];
  delivered(): Promise<number>;
  /** The application name their PostgreSQL connections carry: their backends are counted. */
  app?: string;
}

async function receivers(label: string, replicas: number, given: Storage): Promise<Setup> {
  // The backends are told apart by the application name the replicas' connections carry.
  const storage =
    'app' in given
      ? (() => {
          const url = new URL(given.url);
          url.searchParams.set('application_name', given.app);
          return { url: url.href, schema: given.schema };
        })()
      : given;
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
  return {
    urls: started.map((s) => s.url),
    children: started.map((s) => s.child),
    delivered: async () => sinks.reduce((n, s) => n + lines(s), 0),
    ...('app' in given ? { app: given.app } : {}),
  };
}

/**
 * The floor (servers/floor-receiver.ts) in `count` processes on one PostgreSQL table, forwarding
 * to one HTTP sink: what one process against several costs with none of the receiver's work.
 */
async function floors(count: number, given: { url: string; schema: string; app: string }): Promise<Setup> {
  const url = new URL(given.url);
  url.searchParams.set('application_name', given.app);
  const sink = await jsonServer('http-sink.ts');
  const started = [];
  for (let i = 0; i < count; i++)
    started.push(
      await jsonServer('floor-receiver.ts', [SECRET, sink.url.href, 'postgres', url.href, given.schema]),
    );
  return {
    urls: started.map((s) => s.url),
    children: started.map((s) => s.child),
    delivered: async () =>
      ((await (await fetch(new URL('/count', sink.url))).json()) as { count: number }).count,
    app: given.app,
  };
}

async function run(label: string, setup: Setup) {
  const pids = setup.children.map((c) => c.pid!);
  const cpu0 = pids.map(cpuMicros);
  const pg0 = setup.app ? postgresCpu() : undefined;
  const t0 = performance.now();
  const { rate, sent } = await closedLoop(setup.urls, PHASE_MS);
  while ((await setup.delivered()) < sent) await sleep(20);
  const drain = sent / ((performance.now() - t0) / 1000);
  const cpu = pids.reduce((n, pid, i) => n + cpuMicros(pid) - cpu0[i]!, 0) / sent;
  const backendCpu =
    setup.app && pg0 ? backendCpuSince(pg0, await backendPids(TEST_DATABASE_URL, setup.app)) / sent : 0;
  for (const child of setup.children) await stop(child);
  return { label, rate, drain, cpu, backendCpu };
}

const schemas: string[] = [];
const postgres = (n: number) => {
  const schema = freshSchema(`tk_bench_${n}`);
  schemas.push(schema);
  return { url: TEST_DATABASE_URL, schema, app: `tk-replicas-${randomUUID().slice(0, 8)}` };
};

type Result = { label: string; rate: number; drain: number; cpu: number; backendCpu: number };
const results: Result[] = [];
const loadBefore = loadAverage();
try {
  const sqlite = { path: join(dir, 'store.db'), synchronous: 'full' };
  results.push(await run('sqlite, 1 process', await receivers('sqlite', 1, sqlite)));
  for (const n of [1, 2, 3])
    results.push(await run(`postgres, ${n} replica(s)`, await receivers(`pg${n}`, n, postgres(n))));
  for (const n of [1, 3]) results.push(await run(`floor, ${n} process(es)`, await floors(n, postgres(n))));
} finally {
  killAll();
  closeAgent();
  await dropSchemas(schemas);
  rmSync(dir, { recursive: true, force: true });
}

const base = results[0]!;
const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
console.log(
  `\n@trackerkit/webhooks replicas bench (${CONCURRENCY} in flight, ${PHASE_MS / 1000} s load per setup; load ${loadBefore} before, ${loadAverage()} after)`,
);
console.log(
  `  ${'setup'.padEnd(24)} ${'ingest/s'.padStart(9)} ${'drain/s'.padStart(9)} ${'vs sqlite'.padStart(10)} ${'CPU-µs/alert'.padStart(13)} ${'+ backends'.padStart(11)} ${'= total'.padStart(8)}`,
);
for (const r of results) {
  console.log(
    `  ${r.label.padEnd(24)} ${r.rate.toFixed(0).padStart(9)} ${r.drain.toFixed(0).padStart(9)} ${x(r.drain, base.drain).padStart(10)} ${r.cpu.toFixed(0).padStart(13)} ${r.backendCpu.toFixed(0).padStart(11)} ${(r.cpu + r.backendCpu).toFixed(0).padStart(8)}`,
  );
}
const one = results.find((r) => r.label.startsWith('postgres, 1'));
const three = results.find((r) => r.label.startsWith('postgres, 3'));
if (one && three) {
  const total = (r: Result) => r.cpu + r.backendCpu;
  const rows: Array<[string, string]> = [
    [
      '3 replicas vs 1 replica throughput (goal >= 1.0x)',
      `${x(three.rate, one.rate)} ingest, ${x(three.drain, one.drain)} drain ${three.rate >= one.rate ? 'ok' : 'MISSED'}`,
    ],
    [
      'CPU per alert, 3 vs 1 replica (goal: flat, <= 1.2x)',
      `${x(total(three), total(one))} ${total(three) <= 1.2 * total(one) ? 'ok' : 'MISSED'}`,
    ],
  ];
  const floorOne = results.find((r) => r.label.startsWith('floor, 1'));
  const floorThree = results.find((r) => r.label.startsWith('floor, 3'));
  if (floorOne && floorThree)
    rows.push(
      ['the floor: 3 processes vs 1, throughput', x(floorThree.rate, floorOne.rate)],
      ['the floor: 3 processes vs 1, CPU per alert', x(total(floorThree), total(floorOne))],
    );
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}
console.log('  (CPU per alert holds on a shared machine; rates move with other load on it)');
