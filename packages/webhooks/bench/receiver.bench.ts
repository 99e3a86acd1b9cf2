// The receiver end to end, every server in a process of its own, all measured in one run:
//   express hello-world (the ceiling) and a 40-line baseline (node:http + standardwebhooks +
//   one durable INSERT per request), then the receiver started from its CLI with one file
//   destination: receiving alone (route muted), the whole path to delivery sustained for 30 s
//   with the outbox sampled, latency at 500 alerts/s to the 2xx and to the delivered line, and
//   receiving with 1,000,000 alerts already stored against an empty store.
// Closed loop, 32 in flight, distinct signed alerts. Ratios matter; absolute numbers move with the machine.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillStore } from './fill-store.ts';
import { closeAgent, openLoop, quantile, SECRET, throughput } from './load.ts';
import { killAll, node, receiverProcess, stop } from './spawn.ts';
import { tailSink } from './tail-sink.ts';

const here = dirname(fileURLToPath(import.meta.url));
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 10_000);
const SUSTAIN_MS = Number(process.env.BENCH_SUSTAIN_MS ?? 30_000);
const STORED_ROWS = Number(process.env.BENCH_STORED_ROWS ?? 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'tk-bench-'));
/** A server that prints `{"port":N}` on stdout when it listens. */
async function server(script: string, args: string[] = []): Promise<{ url: URL; child: ChildProcess }> {
  const child = node([join(here, 'servers', script), ...args]);
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).port));
    child.once('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
  return { url: new URL(`http://127.0.0.1:${port}/`), child };
}

/** `trackerkit-webhooks serve` from source with one file destination; its ready line names its source URL. */
async function receiver(name: string, options: { muted: boolean; store: string }) {
  const config = {
    storage: { path: options.store, synchronous: 'full' },
    sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'BENCH_SECRET' } }],
    destinations: [{ name: 'sink', type: 'file', path: join(dir, `${name}.jsonl`) }],
    route: options.muted
      ? { destination: 'sink', mute_windows: [{ times: [{ start: '00:00', end: '24:00' }] }] }
      : { destination: 'sink' },
    log: { level: 'warn' },
  };
  const started = await receiverProcess(config, join(dir, `${name}.json`), { BENCH_SECRET: SECRET });
  return { ...started, sink: join(dir, `${name}.jsonl`) };
}

async function pending(base: string): Promise<number> {
  const text = await (await fetch(new URL('/metrics', base))).text();
  const match = /trackerkit_webhooks_outbox_deliveries\{state="pending"\} (\d+)/.exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

/** Complete lines in the first `bytes` of a file. */
function countLines(path: string, bytes: number): number {
  if (bytes === 0) return 0;
  const text = readFileSync(path).subarray(0, bytes);
  let n = 0;
  for (let i = text.indexOf(10); i !== -1; i = text.indexOf(10, i + 1)) n++;
  return n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rows: Array<[string, string]> = [];
const report = (k: string, v: string) => rows.push([k, v]);

try {
  const hello = await server('hello.ts');
  await throughput(hello.url, 2000); // warm-up
  const helloRate = await throughput(hello.url, PHASE_MS);
  await stop(hello.child);

  const base = await server('baseline.ts', [join(dir, 'baseline.db'), SECRET]);
  const baselineRate = await throughput(base.url, PHASE_MS);
  await stop(base.child);

  const muted = await receiver('muted', { muted: true, store: join(dir, 'muted.db') });
  const mutedRate = await throughput(muted.url, PHASE_MS);
  await stop(muted.child);

  // The whole path, sustained: the outbox is sampled every 10 s and must not grow.
  const whole = await receiver('whole', { muted: false, store: join(dir, 'whole.db') });
  const samples: number[] = [];
  const sampler = (async () => {
    for (let t = 10_000; t <= SUSTAIN_MS; t += 10_000) {
      await sleep(10_000);
      samples.push(await pending(whole.base));
    }
  })();
  const t0 = performance.now();
  const receivedRate = await throughput(whole.url, SUSTAIN_MS);
  // The file's length when the window closed; its lines are counted afterwards, so the load
  // generator does no more work here than it does against hello-world.
  const writtenInWindow = existsSync(whole.sink) ? statSync(whole.sink).size : 0;
  const windowS = (performance.now() - t0) / 1000;
  await sampler;
  const drainStart = performance.now();
  while ((await pending(whole.base)) > 0) await sleep(50);
  const drainMs = performance.now() - drainStart;
  const deliveredRate = countLines(whole.sink, writtenInWindow) / windowS;

  // Latency at a fixed 500 alerts/s: to the 2xx, and to the delivered line in the file.
  const sink = tailSink(whole.sink);
  sink.reset();
  const open = await openLoop(whole.url, 500, PHASE_MS);
  while (sink.arrivals().size < open.sentAt.size) await sleep(20);
  const toDelivery = [...open.sentAt].map(([seq, t]) => sink.arrivals().get(seq)! - t);
  sink.close();
  await stop(whole.child);

  // Receiving with 1,000,000 stored alerts against an empty store, same route (muted).
  const big = join(dir, 'big.db');
  const filled = fillStore(big, STORED_ROWS);
  const bigReceiver = await receiver('big', { muted: true, store: big });
  await throughput(bigReceiver.url, 2000); // warm the page cache as a long-running receiver has it
  const bigRate = await throughput(bigReceiver.url, PHASE_MS);
  await stop(bigReceiver.child);
  const empty = await receiver('empty', { muted: true, store: join(dir, 'empty.db') });
  await throughput(empty.url, 2000);
  const emptyRate = await throughput(empty.url, PHASE_MS);
  await stop(empty.child);

  const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  report('express hello-world (req/s)', helloRate.toFixed(0));
  report('baseline: node:http + standardwebhooks + INSERT FULL (req/s)', baselineRate.toFixed(0));
  report('receiver, receiving alone (route muted) (alerts/s)', mutedRate.toFixed(0));
  report('  vs hello-world', x(mutedRate, helloRate));
  report('  vs baseline', x(mutedRate, baselineRate));
  report(`end to end, ${SUSTAIN_MS / 1000} s: received (alerts/s)`, receivedRate.toFixed(0));
  report('end to end: delivered in the window (alerts/s)', deliveredRate.toFixed(0));
  report('  delivered vs hello-world (goal >= 0.50x)', x(deliveredRate, helloRate));
  report('  delivered vs baseline (goal >= 2x)', x(deliveredRate, baselineRate));
  report('  outbox pending at each 10 s (must not grow)', samples.join(' → '));
  report('  drained after the load stopped (ms)', drainMs.toFixed(0));
  report(
    'p50 / p99 to the 2xx at 500/s (ms, goal p99 < 20)',
    `${quantile(open.latencies, 0.5).toFixed(1)} / ${quantile(open.latencies, 0.99).toFixed(1)}`,
  );
  report(
    'p50 / p99 to delivery at 500/s (ms, goal p99 < 250)',
    `${quantile(toDelivery, 0.5).toFixed(1)} / ${quantile(toDelivery, 0.99).toFixed(1)}`,
  );
  report(`receiving with ${filled.toLocaleString('en')} stored alerts (alerts/s)`, bigRate.toFixed(0));
  report('receiving with an empty store (alerts/s)', emptyRate.toFixed(0));
  report('  stored vs empty (goal >= 0.90x)', x(bigRate, emptyRate));
} finally {
  killAll();
  closeAgent();
  rmSync(dir, { recursive: true, force: true });
}

const width = Math.max(...rows.map(([k]) => k.length));
console.log(
  `\n@trackerkit/webhooks receiver bench (32 in flight, ${PHASE_MS / 1000} s phases, synchronous=FULL)`,
);
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v.padStart(16)}`);
