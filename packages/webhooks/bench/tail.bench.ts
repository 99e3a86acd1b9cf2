// The tail at a fixed rate: the receiver on SQLite and on PostgreSQL, each delivering with
// `forward` to a loopback HTTP sink, both started once and loaded in turn, BENCH_TAIL_ROUNDS
// rounds (default 2) of BENCH_TAIL_MS (default 60 s) at 500 alerts/s, open loop (a request every
// 2 ms whatever the answers, so a stall shows in the latencies instead of slowing the load).
// Per phase: p50/p99 to the 2xx, the event loop delay p99 and max from the receiver's /metrics
// (quantiles over the last 30-60 s: a phase of 60 s or more sees only itself), and CPU-µs per
// alert of the receiver (plus its PostgreSQL backends).
// BENCH_CPU_PROF=<dir> writes a CPU profile of each receiver there when it stops.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSchemas, freshSchema, TEST_DATABASE_URL } from '../../../tests/helpers/test-database.ts';
import { closeAgent, openLoop, quantile, SECRET } from './load.ts';
import { backendCpuSince, backendPids, cpuMicros, loadAverage, postgresCpu } from './proc-cpu.ts';
import { jsonServer, killAll, receiverProcess, stop } from './spawn.ts';
import { median, spread as spreadOf } from './stats.ts';

const RATE = 500;
const TAIL_MS = Number(process.env.BENCH_TAIL_MS ?? 60_000);
const ROUNDS = Number(process.env.BENCH_TAIL_ROUNDS ?? 2);
const env = {
  BENCH_SECRET: SECRET,
  ...(process.env.BENCH_CPU_PROF
    ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` }
    : {}),
};
const dir = mkdtempSync(join(tmpdir(), 'tk-tail-bench-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Subject = { label: string; pid: number; url: URL; base: string; sink: URL; app?: string };
type Sample = {
  p50: number;
  p99: number;
  loopP99: number;
  loopMax: number;
  cpu: number;
  backendCpu?: number;
};

async function eventLoop(base: string): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(new URL('/metrics', base))).text();
  const read = (re: RegExp) => Number(re.exec(text)?.[1] ?? Number.NaN) * 1000;
  return {
    p99: read(/^trackerkit_webhooks_event_loop_delay_seconds\{quantile="0\.99"\} (\S+)/m),
    max: read(/^trackerkit_webhooks_event_loop_delay_max_seconds (\S+)/m),
  };
}

const delivered = async (sink: URL) =>
  ((await (await fetch(new URL('/count', sink))).json()) as { count: number }).count;

async function phase(s: Subject, ms: number): Promise<Sample> {
  const before = await delivered(s.sink);
  const cpu0 = cpuMicros(s.pid);
  const pg0 = s.app ? postgresCpu() : undefined;
  const { latencies } = await openLoop(s.url, RATE, ms);
  const loop = await eventLoop(s.base);
  // Delivery is part of the cost: wait for the sink to hold every alert of the phase.
  const until = performance.now() + 30_000;
  while ((await delivered(s.sink)) < before + latencies.length && performance.now() < until) await sleep(20);
  const sample: Sample = {
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    loopP99: loop.p99,
    loopMax: loop.max,
    cpu: (cpuMicros(s.pid) - cpu0) / latencies.length,
  };
  if (s.app && pg0)
    sample.backendCpu = backendCpuSince(pg0, await backendPids(TEST_DATABASE_URL, s.app)) / latencies.length;
  return sample;
}

const receiverConfig = (storage: object, sink: URL) => ({
  storage,
  sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'BENCH_SECRET' } }],
  destinations: [{ name: 'sink', type: 'forward', url: sink.href, secret: { env: 'BENCH_SECRET' } }],
  route: { destination: 'sink' },
  log: { level: 'warn' },
});

const schemas: string[] = [];
const samples = new Map<string, Sample[]>();
const loadBefore = loadAverage();
try {
  const subjects: Subject[] = [];
  const sqliteSink = await jsonServer('http-sink.ts');
  const sqlite = await receiverProcess(
    receiverConfig({ path: join(dir, 'tail.db'), synchronous: 'full' }, sqliteSink.url),
    join(dir, 'sqlite.json'),
    env,
  );
  subjects.push({ label: 'SQLite → forward', pid: sqlite.child.pid!, ...sqlite, sink: sqliteSink.url });
  const schema = freshSchema('tk_tail_bench');
  schemas.push(schema);
  const app = `tk-tail-${randomUUID().slice(0, 8)}`;
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('application_name', app);
  const pgSink = await jsonServer('http-sink.ts');
  const onPostgres = await receiverProcess(
    receiverConfig({ url: url.href, schema }, pgSink.url),
    join(dir, 'postgres.json'),
    env,
  );
  subjects.push({
    label: 'PostgreSQL → forward',
    pid: onPostgres.child.pid!,
    ...onPostgres,
    sink: pgSink.url,
    app,
  });

  for (const s of subjects) await phase(s, 5_000); // warm-up: JIT, page cache, connection pools
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < subjects.length; k++) {
      const s = subjects[(round + k) % subjects.length]!;
      samples.set(s.label, [...(samples.get(s.label) ?? []), await phase(s, TAIL_MS)]);
    }
    process.stderr.write(`round ${round + 1}/${ROUNDS} done (load ${loadAverage()})\n`);
  }
  for (const s of [sqlite, onPostgres, sqliteSink, pgSink]) await stop(s.child);
} finally {
  killAll();
  closeAgent();
  await dropSchemas(schemas);
  rmSync(dir, { recursive: true, force: true });
}

// Medians with the spread over rounds (min–max).
const spread = (v: number[], digits = 1) => spreadOf(v, digits);
const rows: Array<[string, string]> = [];
for (const [label, v] of samples) {
  const p99 = median(v.map((s) => s.p99));
  rows.push(
    [`${label}: p50 to the 2xx at ${RATE}/s (ms)`, spread(v.map((s) => s.p50))],
    [
      `${label}: p99 to the 2xx at ${RATE}/s (goal < 20 ms)`,
      `${spread(v.map((s) => s.p99))} ${p99 < 20 ? 'ok' : 'MISSED'}`,
    ],
    [
      `${label}: event-loop delay p99 (ms)`,
      spread(
        v.map((s) => s.loopP99),
        2,
      ),
    ],
    [
      `${label}: event-loop delay max (ms)`,
      spread(
        v.map((s) => s.loopMax),
        2,
      ),
    ],
    [
      `${label}: CPU-µs per alert, receiver`,
      spread(
        v.map((s) => s.cpu),
        0,
      ),
    ],
  );
  if (v[0]!.backendCpu !== undefined)
    rows.push([
      `${label}: CPU-µs per alert, PostgreSQL backends`,
      spread(
        v.map((s) => s.backendCpu!),
        0,
      ),
    ]);
}
const width = Math.max(...rows.map(([k]) => k.length));
console.log(
  `\n@trackerkit/webhooks tail bench (open loop ${RATE}/s, ${ROUNDS} rounds of ${TAIL_MS / 1000} s per store, median (min–max); load ${loadBefore} before, ${loadAverage()} after)`,
);
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
console.log(
  '  (CPU per alert holds on a shared machine; latencies and the event loop delay move with other load on it)',
);
