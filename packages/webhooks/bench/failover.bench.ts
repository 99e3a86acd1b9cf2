// Failover and restarts, measured with kill -9:
// 1. PostgreSQL: three replicas; one of them holds deliveries in flight (the destination has not
//    answered them yet) when it is killed. How long until another replica delivers them, and how
//    many are lost (none may be).
// 2. SQLite: one receiver under a closed-loop load, killed and started again; how many deliveries
//    the destination gets twice per kill, and how long before the kill it had first got them.
// 3. Restart to ready: from the spawn of each restarted process to its ready line (wall time, and
//    the CPU time it used to get there, which does not depend on who else is on the machine).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSchemas, freshSchema, TEST_DATABASE_URL } from '../../../tests/helpers/test-database.ts';
import { CONCURRENCY, closeAgent, nextAlert, quantile, SECRET, send } from './load.ts';
import { cpuMicros, loadAverage } from './proc-cpu.ts';
import { killAll, receiverProcess } from './spawn.ts';

const KILLS = Number(process.env.BENCH_KILLS ?? 6);
const HELD = 20;
const dir = mkdtempSync(join(tmpdir(), 'tk-failover-bench-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The destination: records every request's idempotency key and arrival; with `holdFirst`, the
 * first request of each key gets no answer (its sender holds it in flight), later ones 200.
 */
async function sink(holdFirst: boolean) {
  const seen = new Map<string, number[]>();
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = String(req.headers['idempotency-key']);
      const times = seen.get(key) ?? [];
      times.push(Date.now());
      seen.set(key, times);
      if (holdFirst && times.length === 1) held.push(res);
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    seen,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const restarts: Record<string, Array<{ wall: number; cpu: number }>> = { sqlite: [], postgres: [] };

/** Starts a receiver and records its spawn-to-ready wall time and CPU time. */
async function start(kind: 'sqlite' | 'postgres', config: object, name: string) {
  const t0 = performance.now();
  const started = await receiverProcess(config, join(dir, `${name}.json`), { BENCH_SECRET: SECRET });
  restarts[kind]!.push({ wall: performance.now() - t0, cpu: cpuMicros(started.child.pid!) / 1000 });
  return started;
}

const receiverConfig = (storage: object, destination: string) => ({
  storage,
  sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'BENCH_SECRET' } }],
  destinations: [{ name: 'sink', type: 'forward', url: destination, secret: { env: 'BENCH_SECRET' } }],
  route: { destination: 'sink' },
  log: { level: 'error' },
});

async function until(what: string, done: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) {
      console.error(`failover bench: not within ${ms} ms: ${what}`);
      return false;
    }
    await sleep(10);
  }
  return true;
}

/** Part 1: seconds from kill -9 of a replica holding deliveries to their delivery by another. */
async function postgresFailover() {
  const schema = freshSchema('tk_bench_failover');
  const destination = await sink(true);
  const config = receiverConfig({ url: TEST_DATABASE_URL, schema }, destination.url);
  const replicas: Array<{ url: URL; child: ChildProcess }> = [];
  const delays: number[] = [];
  let lost = 0;
  try {
    for (let i = 0; i < 3; i++) replicas.push(await start('postgres', config, `pg-${i}`));
    restarts.postgres = [];
    for (let kill = 0; kill < KILLS; kill++) {
      const victim = kill % replicas.length;
      const alerts = Array.from({ length: HELD }, nextAlert);
      await Promise.all(alerts.map((a) => send(replicas[victim]!.url, a)));
      // Earlier rounds' keys were all delivered twice: those seen once are the victim's, held.
      const heldNow = () => [...destination.seen].filter(([, t]) => t.length === 1).map(([key]) => key);
      if (!(await until('the victim holds its deliveries', () => heldNow().length >= HELD, 10_000))) break;
      const heldKeys = heldNow();
      const killedAt = Date.now();
      replicas[victim]!.child.kill('SIGKILL');
      const delivered = await until(
        'another replica delivers them',
        () => heldKeys.every((key) => (destination.seen.get(key)?.length ?? 0) >= 2),
        120_000,
      );
      for (const key of heldKeys) {
        const second = destination.seen.get(key)?.[1];
        if (second === undefined) lost++;
        else delays.push(second - killedAt);
      }
      if (!delivered) break;
      replicas[victim] = await start('postgres', config, `pg-${victim}`);
    }
  } finally {
    for (const r of replicas) r.child.kill('SIGKILL');
    destination.close();
    await dropSchemas([schema]);
  }
  return { delays, lost };
}

/** Part 2: deliveries the destination gets twice per kill -9 of a SQLite receiver under load. */
async function sqliteRepeats() {
  const destination = await sink(false);
  const config = receiverConfig({ path: join(dir, 'store.db') }, destination.url);
  let receiver = await start('sqlite', config, 'sqlite');
  restarts.sqlite = [];
  // The receiver's CPU while it works: what each process used after its ready line.
  let readyCpu = cpuMicros(receiver.child.pid!);
  const acked = new Set<string>();
  const unacked: Array<ReturnType<typeof nextAlert>> = [];
  const kills: number[] = [];
  let cpu = 0;
  let loadMs = 0;
  const loadStarted = Date.now();
  let running = true;
  const load = Promise.all(
    Array.from({ length: CONCURRENCY / 2 }, async () => {
      while (running) {
        const alert = unacked.shift() ?? nextAlert();
        const status = await send(receiver.url, alert).catch(() => 0);
        if (status === 200) acked.add(alert.headers['webhook-id']!);
        else {
          unacked.push(alert);
          await sleep(20);
        }
      }
    }),
  );
  try {
    for (let kill = 0; kill < KILLS; kill++) {
      await sleep(1500);
      kills.push(Date.now());
      cpu += cpuMicros(receiver.child.pid!) - readyCpu;
      receiver.child.kill('SIGKILL');
      await new Promise((r) => receiver.child.once('exit', r));
      receiver = await start('sqlite', config, 'sqlite');
      readyCpu = cpuMicros(receiver.child.pid!);
    }
    await sleep(1000);
    running = false;
    await load;
    cpu += cpuMicros(receiver.child.pid!) - readyCpu;
    loadMs = Date.now() - loadStarted;
    // Every acknowledged alert is delivered: the forward's key is a hash of its webhook-id, so
    // the count of distinct keys is what to wait for.
    await until('the outbox drains', () => destination.seen.size >= acked.size, 60_000);
  } finally {
    receiver.child.kill('SIGKILL');
    destination.close();
  }
  const repeats = [...destination.seen.values()].filter((t) => t.length > 1);
  // How long before the kill nearest to it the destination had first got each repeated delivery
  // (negative: just after the signal was sent, while the process was still being ended).
  const before = repeats.map((t) => {
    const nearest = kills.reduce((a, b) => (Math.abs(b - t[0]!) < Math.abs(a - t[0]!) ? b : a));
    return nearest - t[0]!;
  });
  if (process.env.BENCH_DETAIL)
    for (const t of repeats)
      console.error(
        `repeat: ${t.map((x) => x - kills[0]!).join(', ')} ms (kills at ${kills.map((k) => k - kills[0]!).join(', ')})`,
      );
  return {
    repeats: repeats.length,
    before,
    lost: Math.max(0, acked.size - destination.seen.size),
    rate: acked.size / (loadMs / 1000),
    cpuPerAlert: cpu / acked.size,
  };
}

const loadBefore = loadAverage();
let failover: Awaited<ReturnType<typeof postgresFailover>> | undefined;
let repeats: Awaited<ReturnType<typeof sqliteRepeats>> | undefined;
try {
  if (!process.env.BENCH_SQLITE_ONLY) failover = await postgresFailover();
  repeats = await sqliteRepeats();
} finally {
  killAll();
  closeAgent();
  rmSync(dir, { recursive: true, force: true });
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const summary = (values: number[], unit: (v: number) => string) =>
  values.length === 0
    ? 'none'
    : `median ${unit(quantile(values, 0.5))}, min ${unit(Math.min(...values))}, max ${unit(Math.max(...values))}`;
console.log(
  `\n@trackerkit/webhooks failover bench (${KILLS} kills each; load ${loadBefore} before, ${loadAverage()} after)`,
);
if (failover)
  console.log(
    `postgres, kill -9 of a replica holding ${HELD} deliveries in flight -> delivered by another: ${summary(failover.delays, s)}; lost ${failover.lost}`,
  );
console.log(
  `sqlite, kill -9 under load (${CONCURRENCY / 2} in flight): ${repeats!.repeats} deliveries sent twice in ${KILLS} kills (${(repeats!.repeats / KILLS).toFixed(1)} per kill); first sent before the kill: ${summary(repeats!.before, (v) => `${v.toFixed(0)} ms`)}; lost ${repeats!.lost}; ${repeats!.rate.toFixed(0)} alerts/s acknowledged over the run (restarts included), receiver CPU ${repeats!.cpuPerAlert.toFixed(0)} µs per alert`,
);
for (const [kind, list] of Object.entries(restarts))
  console.log(
    `restart to ready, ${kind}: wall ${summary(
      list.map((r) => r.wall),
      (v) => `${v.toFixed(0)} ms`,
    )}; CPU ${summary(
      list.map((r) => r.cpu),
      (v) => `${v.toFixed(0)} ms`,
    )}`,
  );
