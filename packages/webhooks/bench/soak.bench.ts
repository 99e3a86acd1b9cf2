// Memory over a long run: the receiver on SQLite delivering with `forward` to a loopback HTTP sink,
// its peak accepted rate found first (closed loop, 5 s), then an open loop at 80% of it for
// BENCH_SOAK_MS (default 10 minutes), sampled every BENCH_SOAK_SAMPLE_MS (default 30 s): RSS
// (VmRSS from /proc), the outbox's pending rows and every in-memory queue /metrics reports.
// RSS is judged by the slope of a least-squares line over the second half (the first holds the
// JIT, the page cache and the allocator's warm-up): flat means no per-alert leak. Beside it, the
// live heap V8 reports after each full (mark-compact) GC, from the receiver's own --trace-gc: RSS
// also follows how large V8 lets the heap grow between collections, the heap after a full GC
// only what is still reachable, so it tells a leak (both grow) from heap sizing (only RSS does).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeAgent, closedLoop, openLoop, quantile, SECRET } from './load.ts';
import { cpuMicros, loadAverage } from './proc-cpu.ts';
import { jsonServer, killAll, receiverProcess, stop } from './spawn.ts';

const SOAK_MS = Number(process.env.BENCH_SOAK_MS ?? 600_000);
const SAMPLE_MS = Number(process.env.BENCH_SOAK_SAMPLE_MS ?? 30_000);
const dir = mkdtempSync(join(tmpdir(), 'tk-soak-bench-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb === undefined ? Number.NaN : Number(kb) / 1024;
}

// Gauges that count work held in memory (queues, buffers, work in flight), whatever their names'
// owner adds later; the outbox's pending rows are in the store, read separately.
const IN_MEMORY =
  /^trackerkit_webhooks_\w*(queue|queued|in_flight|inflight|buffered|backlog|held|recording)\w*(\{[^}]*\})? /;

/** A --trace-gc line: `[pid:isolate] … ms: <kind> …`; the main thread's isolate does most of them. */
const GC_LINE = /^\[\d+:(0x[0-9a-f]+)\]/;
/** `Mark-Compact 45.2 (60.1) -> 40.1 (61.0) MB`: the heap in use before -> after (MB). */
const FULL_GC = /Mark-Compact(?: \([^)]*\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \(/;

/**
 * The heap in use after the main thread's latest full GC, read from the receiver's --trace-gc
 * lines. The checkpointer's thread traces its own small heap too: the isolate with the most
 * collections is the main thread's.
 */
function followFullGcs(stdout: NodeJS.ReadableStream) {
  const isolates = new Map<string, { lines: number; fullGcs: number; heapMb: number }>();
  let partial = '';
  stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const isolate = GC_LINE.exec(line)?.[1];
      if (isolate === undefined) continue;
      const seen = isolates.get(isolate) ?? { lines: 0, fullGcs: 0, heapMb: Number.NaN };
      isolates.set(isolate, seen);
      seen.lines++;
      const after = FULL_GC.exec(line)?.[1];
      if (after === undefined) continue;
      seen.heapMb = Number(after);
      seen.fullGcs++;
    }
  });
  const main = () => [...isolates.values()].sort((a, b) => b.lines - a.lines)[0];
  return { heapMb: () => main()?.heapMb ?? Number.NaN, count: () => main()?.fullGcs ?? 0 };
}

type Sample = {
  atS: number;
  rss: number;
  /** Heap in use after the latest full GC (MB); NaN before the first. */
  heapAfterGc: number;
  pending: number;
  queues: Map<string, number>;
  loopP99: number;
  cpuS: number;
};

async function sample(base: string, pid: number, t0: number, heapAfterGc: number): Promise<Sample> {
  const text = await (await fetch(new URL('/metrics', base))).text();
  const pending = /trackerkit_webhooks_outbox_deliveries\{state="pending"\} (\d+)/.exec(text)?.[1];
  const p99 = /trackerkit_webhooks_event_loop_delay_seconds\{quantile="0\.99"\} (\S+)/.exec(text)?.[1];
  const queues = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!IN_MEMORY.test(line)) continue;
    const at = line.lastIndexOf(' ');
    queues.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return {
    atS: (performance.now() - t0) / 1000,
    rss: rssMb(pid),
    heapAfterGc,
    pending: pending === undefined ? Number.NaN : Number(pending),
    queues,
    loopP99: p99 === undefined ? Number.NaN : Number(p99) * 1000,
    cpuS: cpuMicros(pid) / 1e6,
  };
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const samples: Sample[] = [];
let peak = 0;
let rate = 0;
let latencies: number[] = [];
let delivered = 0;
let sent = 0;
let accepted = 0;
let running = true;
let gcs: ReturnType<typeof followFullGcs> | undefined;
const loadBefore = loadAverage();
try {
  const sink = await jsonServer('http-sink.ts');
  const receiver = await receiverProcess(
    {
      storage: { path: join(dir, 'soak.db'), synchronous: 'full' },
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'BENCH_SECRET' } }],
      destinations: [{ name: 'sink', type: 'forward', url: sink.url.href, secret: { env: 'BENCH_SECRET' } }],
      route: { destination: 'sink' },
      log: { level: 'warn' },
    },
    join(dir, 'soak.json'),
    { BENCH_SECRET: SECRET },
    ['--trace-gc'],
  );
  const pid = receiver.child.pid!;
  gcs = followFullGcs(receiver.child.stdout!);
  const warm = await closedLoop([receiver.url], 2_000);
  const measured = await closedLoop([receiver.url], 5_000);
  peak = measured.rate;
  rate = Math.round(peak * 0.8);
  const t0 = performance.now();
  samples.push(await sample(receiver.base, pid, t0, gcs.heapMb()));
  const sampler = (async () => {
    for (let next = SAMPLE_MS; running; next += SAMPLE_MS) {
      await sleep(t0 + next - performance.now());
      if (next > SOAK_MS) break;
      samples.push(await sample(receiver.base, pid, t0, gcs.heapMb()));
      const s = samples.at(-1)!;
      process.stderr.write(
        `soak ${s.atS.toFixed(0)} s: RSS ${s.rss.toFixed(1)} MB, pending ${s.pending} (load ${loadAverage()})\n`,
      );
    }
  })();
  const open = await openLoop(receiver.url, rate, SOAK_MS);
  running = false;
  await sampler;
  latencies = open.latencies;
  sent = open.sentAt.size;
  // The sink counts every alert it was sent, the warm-up's and the peak's among them.
  accepted = warm.sent + measured.sent + sent;
  const count = async () =>
    ((await (await fetch(new URL('/count', sink.url))).json()) as { count: number }).count;
  const until = performance.now() + 60_000;
  delivered = await count();
  while (delivered < accepted && performance.now() < until) {
    await sleep(100);
    delivered = await count();
  }
  await stop(receiver.child);
  await stop(sink.child);
} finally {
  running = false;
  killAll();
  closeAgent();
  rmSync(dir, { recursive: true, force: true });
}

const first = samples[0]!;
const last = samples.at(-1)!;
const half = samples.filter((s) => s.atS >= last.atS / 2);
const halfMin = (last.atS - half[0]!.atS) / 60;
/** Least-squares growth of `value` over the second half, as a share of its mean there. */
function growthOver(value: (s: Sample) => number) {
  const points = half
    .filter((s) => Number.isFinite(value(s)))
    .map((s): [number, number] => [s.atS / 60, value(s)]);
  const perMin = slope(points);
  const mean = points.reduce((n, [, y]) => n + y, 0) / points.length;
  return { perMin, growth: (perMin * halfMin) / mean };
}
const { perMin, growth } = growthOver((s) => s.rss);
const heap = growthOver((s) => s.heapAfterGc);
const queueNames = [...new Set(samples.flatMap((s) => [...s.queues.keys()]))];

console.log(
  `\n@trackerkit/webhooks soak bench (SQLite → forward to a loopback sink, ${(SOAK_MS / 60_000).toFixed(1)} min open loop at 80% of the peak, load ${loadBefore} before)`,
);
console.log(
  `  peak accepted (closed loop, 32 in flight, 5 s): ${peak.toFixed(0)}/s; soak rate ${rate}/s; ${sent} sent in the soak; ${delivered} of ${accepted} accepted delivered`,
);
console.log(
  `  p50 / p99 to the 2xx over the soak (ms): ${quantile(latencies, 0.5).toFixed(1)} / ${quantile(latencies, 0.99).toFixed(1)}`,
);
console.log(
  `  ${'t (s)'.padStart(6)} ${'RSS MB'.padStart(8)} ${'heap MB'.padStart(8)} ${'pending'.padStart(8)} ${'loop p99 ms'.padStart(12)} ${'CPU s'.padStart(7)}${queueNames.map((q) => ` ${q}`).join('')}`,
);
for (const s of samples) {
  console.log(
    `  ${s.atS.toFixed(0).padStart(6)} ${s.rss.toFixed(1).padStart(8)} ${s.heapAfterGc.toFixed(1).padStart(8)} ${String(s.pending).padStart(8)} ${s.loopP99.toFixed(2).padStart(12)} ${s.cpuS.toFixed(1).padStart(7)}${queueNames.map((q) => ` ${String(s.queues.get(q) ?? '-').padStart(q.length)}`).join('')}`,
  );
}
const rows: Array<[string, string]> = [
  ['RSS first / last sample (MB)', `${first.rss.toFixed(1)} / ${last.rss.toFixed(1)}`],
  ['RSS slope over the second half (MB per minute)', perMin.toFixed(3)],
  [
    'RSS flat (growth < 5% over the second half)',
    `${(growth * 100).toFixed(1)}% ${growth < 0.05 ? 'ok' : 'MISSED'}`,
  ],
  [
    'heap after full GC first / last sample (MB)',
    `${first.heapAfterGc.toFixed(1)} / ${last.heapAfterGc.toFixed(1)} (${gcs?.count() ?? 0} full GCs)`,
  ],
  [
    'heap after full GC, growth over the second half (a leak grows it; heap sizing does not)',
    `${(heap.growth * 100).toFixed(1)}% (${heap.perMin.toFixed(3)} MB per minute) ${heap.growth < 0.05 ? 'ok' : 'GROWING'}`,
  ],
  ['outbox pending first / last sample', `${first.pending} / ${last.pending}`],
  [
    'in-memory queues on /metrics (first → last)',
    queueNames.length === 0
      ? 'none reported'
      : queueNames.map((q) => `${q} ${first.queues.get(q) ?? '-'} → ${last.queues.get(q) ?? '-'}`).join('; '),
  ],
];
const width = Math.max(...rows.map(([k]) => k.length));
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
console.log(
  '  (RSS and its slope do not depend on the machine; rates and latencies move with other load on it)',
);
