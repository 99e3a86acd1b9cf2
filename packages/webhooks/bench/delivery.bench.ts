// What users run, measured against a real peer: every server in a process of its own, started
// once, then measured in interleaved rounds (each round runs every server in turn, the order
// rotating), closed loop, 32 in flight, distinct signed bodies. A round of a delivering server ends
// when its sink has every alert it accepted, so delivery is inside the figure.
//   - express hello-world and the 40-line baseline (node:http + standardwebhooks + node:sqlite)
//   - the receiver on SQLite delivering with `forward` to a loopback HTTP sink, and to a `file`
//   - the receiver on PostgreSQL delivering with `forward`, through a proxy that counts round trips
//   - Alertmanager (/api/v2/alerts → webhook sink, group_by ['...'], group_wait 100ms)
//   - the floor on SQLite and on PostgreSQL (servers/floor-receiver.ts): the least a receiver
//     keeping the same promises does, so a goal it misses is one no receiver reaches here
// The figure that holds on a busy machine is CPU-µs per alert of the server process (utime +
// stime, /proc); rates move with whoever else is on the cores, so they are given as ratios.
// BENCH_CPU_PROF=<dir> writes a CPU profile of each receiver there when it stops.
import { randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSchemas, freshSchema, TEST_DATABASE_URL } from '../../../tests/helpers/test-database.ts';
import { alertmanagerAlert, startAlertmanager } from './alertmanager-peer.ts';
import { CONCURRENCY, closeAgent, closedLoop, type LoadRequest, SECRET } from './load.ts';
import { backendCpuSince, backendPids, cpuMicros, loadAverage, postgresCpu } from './proc-cpu.ts';
import { jsonServer, killAll, receiverProcess, stop } from './spawn.ts';
import { spread } from './stats.ts';

const PG_LABEL = 'receiver, PostgreSQL → forward (HTTP)';
const FLOOR_SQLITE = 'floor, SQLite → forward (HTTP)';
const FLOOR_POSTGRES = 'floor, PostgreSQL → forward (HTTP)';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PHASE_MS = Number(process.env.BENCH_DELIVERY_PHASE_MS ?? 5_000);
const ONE_AT_A_TIME_MS = Number(process.env.BENCH_ONE_AT_A_TIME_MS ?? 3_000);
const DRAIN_TIMEOUT_MS = 120_000;
const dir = mkdtempSync(join(tmpdir(), 'tk-delivery-bench-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const env = {
  BENCH_SECRET: SECRET,
  ...(process.env.BENCH_CPU_PROF
    ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` }
    : {}),
};

interface Subject {
  label: string;
  pid: number;
  url: URL;
  make?: () => LoadRequest;
  /** Distinct alerts delivered so far; absent for servers that deliver nothing. */
  delivered?: () => Promise<number>;
  expected: number;
  /** Its backends' CPU is counted; with `control`, the round trips a counting proxy saw. */
  postgres?: { app: string; control?: URL };
}
interface Sample {
  accepted: number;
  /** Alerts per second from the first request until the last was delivered. */
  endToEnd: number;
  cpuPerAlert: number;
  backendPerAlert?: number;
  roundTripsPerAlert?: number;
}

const sinkCount = (sink: URL) => async () =>
  ((await (await fetch(new URL('/count', sink))).json()) as { count: number }).count;

/** Lines in a growing file, read from where the last call stopped. */
function lineCounter(path: string) {
  let offset = 0;
  let lines = 0;
  const buffer = Buffer.alloc(1 << 20);
  return async () => {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      return 0;
    }
    try {
      for (
        let n = readSync(fd, buffer, 0, buffer.length, offset);
        n > 0;
        n = readSync(fd, buffer, 0, buffer.length, offset)
      ) {
        offset += n;
        for (let i = buffer.indexOf(10); i !== -1 && i < n; i = buffer.indexOf(10, i + 1)) lines++;
      }
    } finally {
      closeSync(fd);
    }
    return lines;
  };
}

const roundTrips = async (control: URL) =>
  ((await (await fetch(control)).json()) as { roundTrips: number }).roundTrips;

async function measure(s: Subject, ms: number, concurrency = CONCURRENCY): Promise<Sample> {
  const cpu0 = cpuMicros(s.pid);
  const pg0 = s.postgres ? postgresCpu() : undefined;
  const rt0 = s.postgres?.control ? await roundTrips(s.postgres.control) : 0;
  const t0 = performance.now();
  const { rate, sent } = await closedLoop([s.url], ms, { ...(s.make ? { make: s.make } : {}), concurrency });
  if (s.delivered) {
    s.expected += sent;
    const until = performance.now() + DRAIN_TIMEOUT_MS;
    let got = await s.delivered();
    while (got < s.expected) {
      if (performance.now() > until) throw new Error(`${s.label}: ${got} of ${s.expected} delivered`);
      await sleep(5);
      got = await s.delivered();
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  const sample: Sample = {
    accepted: rate,
    endToEnd: sent / seconds,
    cpuPerAlert: (cpuMicros(s.pid) - cpu0) / sent,
  };
  if (s.postgres && pg0) {
    const pids = await backendPids(TEST_DATABASE_URL, s.postgres.app);
    sample.backendPerAlert = backendCpuSince(pg0, pids) / sent;
    if (s.postgres.control) sample.roundTripsPerAlert = ((await roundTrips(s.postgres.control)) - rt0) / sent;
  }
  return sample;
}

const receiverConfig = (storage: object, destination: object) => ({
  storage,
  sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'BENCH_SECRET' } }],
  destinations: [{ name: 'sink', ...destination }],
  route: { destination: 'sink' },
  log: { level: 'warn' },
});
const forwardTo = (sink: URL) => ({ type: 'forward', url: sink.href, secret: { env: 'BENCH_SECRET' } });

const schemas: string[] = [];
const subjects: Subject[] = [];
const samples = new Map<string, Sample[]>();
let oneAtATime: Sample | undefined;
let note = '';
const loadBefore = loadAverage();
try {
  const hello = await jsonServer('hello.ts');
  subjects.push({ label: 'express hello-world', pid: hello.child.pid!, url: hello.url, expected: 0 });
  const base = await jsonServer('baseline.ts', [join(dir, 'baseline.db'), SECRET]);
  subjects.push({
    label: '40-line baseline (no delivery)',
    pid: base.child.pid!,
    url: base.url,
    expected: 0,
  });

  const alertmanagerSink = await jsonServer('http-sink.ts');
  const alertmanager = await startAlertmanager(dir, alertmanagerSink.url);
  if (alertmanager)
    subjects.push({
      label: 'Alertmanager 0.25 → webhook sink',
      pid: alertmanager.child.pid!,
      url: alertmanager.url,
      make: alertmanagerAlert,
      delivered: sinkCount(alertmanagerSink.url),
      expected: 0,
    });
  else note = 'Alertmanager not found (BENCH_ALERTMANAGER): ratios are against the SQLite forward receiver';

  const forwardSink = await jsonServer('http-sink.ts');
  const forward = await receiverProcess(
    receiverConfig({ path: join(dir, 'forward.db'), synchronous: 'full' }, forwardTo(forwardSink.url)),
    join(dir, 'forward.json'),
    env,
  );
  subjects.push({
    label: 'receiver, SQLite → forward (HTTP)',
    pid: forward.child.pid!,
    url: forward.url,
    delivered: sinkCount(forwardSink.url),
    expected: 0,
  });

  const file = join(dir, 'file.jsonl');
  const toFile = await receiverProcess(
    receiverConfig({ path: join(dir, 'file.db'), synchronous: 'full' }, { type: 'file', path: file }),
    join(dir, 'file.json'),
    env,
  );
  subjects.push({
    label: 'receiver, SQLite → file',
    pid: toFile.child.pid!,
    url: toFile.url,
    delivered: lineCounter(file),
    expected: 0,
  });

  const pgUrl = new URL(TEST_DATABASE_URL);
  const proxy = await jsonServer('pg-proxy.ts', [pgUrl.host]);
  const schema = freshSchema('tk_delivery_bench');
  schemas.push(schema);
  const app = `tk-bench-${randomUUID().slice(0, 8)}`;
  const viaProxy = new URL(TEST_DATABASE_URL);
  viaProxy.host = `127.0.0.1:${proxy.ready.port}`;
  viaProxy.searchParams.set('application_name', app);
  const pgSink = await jsonServer('http-sink.ts');
  const onPostgres = await receiverProcess(
    receiverConfig({ url: viaProxy.href, schema }, forwardTo(pgSink.url)),
    join(dir, 'postgres.json'),
    env,
  );
  subjects.push({
    label: PG_LABEL,
    pid: onPostgres.child.pid!,
    url: onPostgres.url,
    delivered: sinkCount(pgSink.url),
    expected: 0,
    postgres: { app, control: new URL(`http://127.0.0.1:${proxy.ready.control}/`) },
  });

  // The floor on each store: the least a verified, durable, delivering outbox does (servers/floor-receiver.ts).
  const floorSink = await jsonServer('http-sink.ts');
  const floorSqlite = await jsonServer('floor-receiver.ts', [
    SECRET,
    floorSink.url.href,
    'sqlite',
    join(dir, 'floor.db'),
  ]);
  subjects.push({
    label: FLOOR_SQLITE,
    pid: floorSqlite.child.pid!,
    url: floorSqlite.url,
    delivered: sinkCount(floorSink.url),
    expected: 0,
  });
  const floorSchema = freshSchema('tk_delivery_floor');
  schemas.push(floorSchema);
  const floorApp = `tk-floor-${randomUUID().slice(0, 8)}`;
  const floorUrl = new URL(TEST_DATABASE_URL);
  floorUrl.searchParams.set('application_name', floorApp);
  const floorPgSink = await jsonServer('http-sink.ts');
  const floorPostgres = await jsonServer('floor-receiver.ts', [
    SECRET,
    floorPgSink.url.href,
    'postgres',
    floorUrl.href,
    floorSchema,
  ]);
  subjects.push({
    label: FLOOR_POSTGRES,
    pid: floorPostgres.child.pid!,
    url: floorPostgres.url,
    delivered: sinkCount(floorPgSink.url),
    expected: 0,
    postgres: { app: floorApp },
  });

  // Warm-up (JIT, page cache, connection pools), not counted; then the rounds.
  for (const s of subjects) await measure(s, 1_000);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < subjects.length; k++) {
      const s = subjects[(round + k) % subjects.length]!;
      const sample = await measure(s, PHASE_MS);
      samples.set(s.label, [...(samples.get(s.label) ?? []), sample]);
    }
    process.stderr.write(`round ${round + 1}/${ROUNDS} done (load ${loadAverage()})\n`);
  }
  oneAtATime = await measure(subjects.find((s) => s.label === PG_LABEL)!, ONE_AT_A_TIME_MS, 1);
  for (const s of [forward, toFile, onPostgres]) await stop(s.child);
} finally {
  killAll();
  closeAgent();
  await dropSchemas(schemas);
  rmSync(dir, { recursive: true, force: true });
}

// Medians with the spread over rounds (min–max); ratios are taken round by round, then summarised.
const of = (label: string) => samples.get(label) ?? [];
const ratio = (a: string, b: string, pick: (s: Sample) => number) =>
  of(a).map((s, i) => pick(s) / pick(of(b)[i]!));
const labels = subjects.map((s) => s.label);
const reference = labels.find((l) => l.startsWith('Alertmanager')) ?? 'receiver, SQLite → forward (HTTP)';
const fwd = 'receiver, SQLite → forward (HTTP)';
const rows: string[][] = [['server', 'CPU-µs per alert', 'accepted/s vs ref', 'end to end/s vs ref']];
for (const l of labels) {
  const delivers = subjects.find((s) => s.label === l)!.delivered !== undefined;
  const cpu = of(l).map((s) => s.cpuPerAlert + (s.backendPerAlert ?? 0));
  rows.push([
    l,
    of(l)[0]?.backendPerAlert !== undefined
      ? `${spread(of(l).map((s) => s.cpuPerAlert))} + ${spread(of(l).map((s) => s.backendPerAlert!))} in backends`
      : spread(cpu),
    spread(
      ratio(l, reference, (s) => s.accepted),
      2,
      'x',
    ),
    delivers
      ? spread(
          ratio(l, reference, (s) => s.endToEnd),
          2,
          'x',
        )
      : '—',
  ]);
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
console.log(
  `\n@trackerkit/webhooks delivery bench (${CONCURRENCY} in flight, ${ROUNDS} interleaved rounds of ${PHASE_MS / 1000} s; ref = ${reference})`,
);
if (note) console.log(`  note: ${note}`);
for (const r of rows) console.log(`  ${r.map((v, c) => v.padEnd(widths[c]!)).join('  ')}`);
const extra: Array<[string, string]> = [
  [
    'forward / file CPU per alert (goal <= 1.5x)',
    spread(
      ratio(fwd, 'receiver, SQLite → file', (s) => s.cpuPerAlert),
      2,
      'x',
    ),
  ],
  [
    'SQLite forward vs baseline, accepted/s (goal >= 2x)',
    spread(
      ratio(fwd, labels[1]!, (s) => s.accepted),
      2,
      'x',
    ),
  ],
  [
    'PostgreSQL vs SQLite forward, accepted/s (goal >= 0.9x)',
    spread(
      ratio(PG_LABEL, fwd, (s) => s.accepted),
      2,
      'x',
    ),
  ],
  [
    'PostgreSQL (receiver + backends) vs SQLite CPU per alert (goal <= 1.5x)',
    spread(
      of(PG_LABEL).map((s, i) => (s.cpuPerAlert + s.backendPerAlert!) / of(fwd)[i]!.cpuPerAlert),
      2,
      'x',
    ),
  ],
  [
    'PostgreSQL round trips per alert under load (goal <= 1.5)',
    spread(
      of(PG_LABEL).map((s) => s.roundTripsPerAlert!),
      2,
    ),
  ],
  [
    'PostgreSQL round trips per alert one at a time (goal <= 3)',
    oneAtATime ? oneAtATime.roundTripsPerAlert!.toFixed(2) : '—',
  ],
  [
    'floor: PostgreSQL vs SQLite, accepted/s',
    spread(
      ratio(FLOOR_POSTGRES, FLOOR_SQLITE, (s) => s.accepted),
      2,
      'x',
    ),
  ],
  [
    'floor: PostgreSQL (server + backends) vs SQLite CPU per alert',
    spread(
      of(FLOOR_POSTGRES).map(
        (s, i) => (s.cpuPerAlert + s.backendPerAlert!) / of(FLOOR_SQLITE)[i]!.cpuPerAlert,
      ),
      2,
      'x',
    ),
  ],
  [
    'floor SQLite vs baseline, accepted/s',
    spread(
      ratio(FLOOR_SQLITE, labels[1]!, (s) => s.accepted),
      2,
      'x',
    ),
  ],
  ['load average before / after', `${loadBefore} / ${loadAverage()}`],
];
const w = Math.max(...extra.map(([k]) => k.length));
for (const [k, v] of extra) console.log(`  ${k.padEnd(w)}  ${v}`);
