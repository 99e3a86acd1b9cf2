// Throughput of the receiver (verify + durable store, group commit, synchronous=FULL) as a
// ratio to an express hello-world measured in the same run, and p99 latency at a fixed 500
// alerts a second. Loopback only; stops by itself in well under a minute.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { standardWebhooksHeaders, startReceiver } from '../src/index.ts';

const SECRET = `whsec_${Buffer.from('bench-secret-bench-secret').toString('base64')}`;
const DURATION_MS = 5000;
const CONCURRENCY = 32;
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

const body = JSON.stringify({
  type: 'tracker.alert',
  timestamp: '2026-11-21T08:00:05Z',
  data: {
    account_id: 'acc_1',
    space_id: 'spc_1',
    tracker_id: 'trk_1',
    tracker_name: 'ACME supplier risk',
    run_id: 'run_1',
    score: 2,
    signal: 'Negative',
    analysis: 'Two shipments are more than a week late and a lender filed a notice.',
    rule: 'bounds',
    bound: 'lower',
    threshold: 3,
    reason: 'Score 2 is at or below the lower threshold 3.',
    trigger_type: 'scheduled',
    completed_at: '2026-11-21T08:00:04Z',
    url: null,
  },
});

let sequence = 0;
function signed(): Record<string, string> {
  return {
    'content-type': 'application/json',
    ...standardWebhooksHeaders(SECRET, `msg_bench_${sequence++}`, body),
  };
}

function send(url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(body.length) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Closed loop: CONCURRENCY requests always outstanding for DURATION_MS. */
async function throughput(url: URL, pool: Array<Record<string, string>>): Promise<number> {
  let done = 0;
  let failed = 0;
  const until = performance.now() + DURATION_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const status = await send(url, pool.length > 0 ? pool[done % pool.length]! : signed());
        if (status === 200) done++;
        else failed++;
      }
    }),
  );
  if (failed > 0) throw new Error(`${failed} requests failed`);
  return done / ((performance.now() - started) / 1000);
}

/** Open loop: a request every 2 ms regardless of answers, for DURATION_MS; latency per request. */
async function latencyAt(
  url: URL,
  rate: number,
): Promise<{ p50: number; p99: number; max: number; n: number }> {
  const latencies: number[] = [];
  const count = Math.round((rate * DURATION_MS) / 1000);
  const headers = Array.from({ length: count }, signed);
  const start = performance.now();
  const pending: Array<Promise<void>> = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    pending.push(
      send(url, headers[i]!).then((status) => {
        if (status !== 200) throw new Error(`status ${status}`);
        latencies.push(performance.now() - t0);
      }),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: latencies.at(-1)!, n: latencies.length };
}

const hello = express();
hello.post('/', (_req, res) => {
  res.send('ok');
});
const helloServer = createServer(hello);
await new Promise<void>((resolve) => helloServer.listen(0, '127.0.0.1', resolve));
const helloUrl = new URL(`http://127.0.0.1:${(helloServer.address() as AddressInfo).port}/`);

const dir = mkdtempSync(join(tmpdir(), 'tk-bench-'));
const receiver = await startReceiver({
  port: 0,
  env: { S: SECRET },
  config: {
    storage: { path: join(dir, 'store.db'), synchronous: 'full' },
    sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'S' } }],
    destinations: [{ name: 'sink', type: 'file', path: join(dir, 'sink.jsonl') }],
    // Muted all day: alerts are verified, stored and routed (as muted rows), not delivered, so
    // the number measures the receiving path alone.
    route: { destination: 'sink', mute_windows: [{ times: [{ start: '00:00', end: '24:00' }] }] },
    log: { level: 'silent' },
  },
});
const receiverUrl = new URL(receiver.sourceUrls.tracker!);

await throughput(helloUrl, []); // warm-up
const helloRate = await throughput(helloUrl, []);
const receiverRate = await throughput(receiverUrl, []);
const latency = await latencyAt(receiverUrl, 500);
const stored = receiver.store.counts();

await receiver.close();
await new Promise<void>((resolve) => helloServer.close(() => resolve()));
agent.destroy();
rmSync(dir, { recursive: true, force: true });

const rows: Array<[string, string]> = [
  ['express hello-world (req/s)', helloRate.toFixed(0)],
  ['receiver: verified + stored alerts/s', receiverRate.toFixed(0)],
  ['ratio (goal >= 0.50x)', `${(receiverRate / helloRate).toFixed(2)}x`],
  ['p50 latency at 500 alerts/s (ms)', latency.p50.toFixed(2)],
  ['p99 latency at 500 alerts/s (ms)', latency.p99.toFixed(2)],
  ['max latency at 500 alerts/s (ms)', latency.max.toFixed(2)],
  ['alerts stored (rows)', String(Object.values(stored).reduce((a, b) => a + b, 0))],
];
const width = Math.max(...rows.map(([k]) => k.length));
console.log(
  `\n@trackerkit/webhooks receiver bench (concurrency ${CONCURRENCY}, ${DURATION_MS / 1000} s per phase, synchronous=FULL)`,
);
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v.padStart(10)}`);
