// What a receiver costs while nothing happens, beside a real Alertmanager doing the same nothing:
// each server in a process of its own, given one alert, then left alone but for a scrape of its
// /metrics every 15 s (a Prometheus's default). CPU-ms per second of the server process from /proc
// (utime + stime), over interleaved rounds; on PostgreSQL the replica's backends are added. A
// receiver that wakes on timers of its own pays for them here, whatever the load elsewhere.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSchemas, freshSchema, TEST_DATABASE_URL } from '../../../tests/helpers/test-database.ts';
import { alertmanagerAlert, startAlertmanager } from './alertmanager-peer.ts';
import { closeAgent, nextAlert, SECRET, send } from './load.ts';
import { backendCpuSince, backendPids, cpuMicros, loadAverage, postgresCpu } from './proc-cpu.ts';
import { jsonServer, killAll, receiverProcess } from './spawn.ts';
import { median, spread } from './stats.ts';

const ROUNDS = Number(process.env.BENCH_IDLE_ROUNDS ?? 3);
const ROUND_MS = Number(process.env.BENCH_IDLE_ROUND_MS ?? 20_000);
const SCRAPE_MS = 15_000;
const dir = mkdtempSync(join(tmpdir(), 'tk-idle-bench-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Subject {
  label: string;
  pid: number;
  metrics: string;
  /** The replica's PostgreSQL connections, by application name. */
  app?: string;
}

const receiverConfig = (storage: object, sink: string) => ({
  storage,
  sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'BENCH_SECRET' } }],
  destinations: [{ name: 'sink', type: 'file', path: sink }],
  route: { destination: 'sink' },
  log: { level: 'error' },
});

const subjects: Subject[] = [];
const schema = freshSchema('tk_idle_bench');
const loadBefore = loadAverage();
let note = '';
try {
  // Each delivers its one alert: Alertmanager to a webhook sink, the receivers to a file.
  const sink = await jsonServer('http-sink.ts');
  const alertmanager = await startAlertmanager(dir, sink.url);
  if (alertmanager) {
    await send(alertmanager.url, alertmanagerAlert());
    subjects.push({
      label: 'Alertmanager 0.25',
      pid: alertmanager.child.pid!,
      metrics: new URL('/metrics', alertmanager.url).href,
    });
  } else note = 'Alertmanager not found (BENCH_ALERTMANAGER): no peer in this run';
  const app = `tk-idle-${process.pid}`;
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('application_name', app);
  for (const [label, storage, postgres] of [
    ['receiver, SQLite', { path: join(dir, 'idle.db') }, undefined],
    ['receiver, PostgreSQL (1 replica)', { url: url.href, schema }, app],
  ] as const) {
    const name = postgres ? 'postgres' : 'sqlite';
    const r = await receiverProcess(
      receiverConfig(storage, join(dir, `${name}.jsonl`)),
      join(dir, `${name}.json`),
      {
        BENCH_SECRET: SECRET,
      },
    );
    await send(r.url, nextAlert());
    subjects.push({
      label,
      pid: r.child.pid!,
      metrics: `${r.base}/metrics`,
      ...(postgres ? { app: postgres } : {}),
    });
  }
  // The one alert's work (its attempt, its retry timers) settles before the first round.
  await sleep(3_000);
  const scrape = setInterval(() => {
    for (const s of subjects)
      void fetch(s.metrics).then(
        (r) => r.text(),
        () => '',
      );
  }, SCRAPE_MS);
  const perSecond = new Map<string, number[]>(subjects.map((s) => [s.label, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const cpu0 = subjects.map((s) => cpuMicros(s.pid));
    const pg0 = postgresCpu();
    const t0 = performance.now();
    await sleep(ROUND_MS);
    const seconds = (performance.now() - t0) / 1000;
    for (const [i, s] of subjects.entries()) {
      let micros = cpuMicros(s.pid) - cpu0[i]!;
      if (s.app) micros += backendCpuSince(pg0, await backendPids(TEST_DATABASE_URL, s.app));
      perSecond.get(s.label)!.push(micros / 1000 / seconds);
    }
    console.error(`round ${round + 1}/${ROUNDS} done (load ${loadAverage()})`);
  }
  clearInterval(scrape);
  const peer = subjects.find((s) => s.label.startsWith('Alertmanager'));
  const peerMs = peer ? median(perSecond.get(peer.label)!) : undefined;
  console.log(
    `\n@trackerkit/webhooks idle bench (${ROUNDS} rounds of ${ROUND_MS / 1000} s, after one alert each, /metrics scraped every ${SCRAPE_MS / 1000} s)`,
  );
  console.log('  server                                        CPU-ms per second  vs Alertmanager');
  for (const s of subjects) {
    const values = perSecond.get(s.label)!;
    const vs = peerMs ? `${(median(values) / peerMs).toFixed(1)}x` : '—';
    const label = s.app ? `${s.label} + backends` : s.label;
    console.log(`  ${label.padEnd(46)}${spread(values, 1).padEnd(19)}${vs}`);
  }
  // /proc counts in 10 ms ticks: over a round of 20 s a figure under 0.5 ms/s is one tick or none.
  console.log(
    `  (CPU-ms are counted in 10 ms ticks: ${(10_000 / ROUND_MS).toFixed(1)} ms/s is one tick a round; load ${loadBefore} before, ${loadAverage()} after)`,
  );
  if (note) console.log(`  ${note}`);
} finally {
  killAll();
  closeAgent();
  await dropSchemas([schema]);
}
