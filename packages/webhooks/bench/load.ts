// The load generator: distinct, signed alerts over keep-alive connections, closed loop (a fixed
// number in flight) or open loop (a fixed rate, whatever the answers).
import { Agent, request } from 'node:http';
import { standardWebhooksHeaders } from '../src/index.ts';

export const SECRET = `whsec_${Buffer.from('bench-secret-bench-secret').toString('base64')}`;
export const CONCURRENCY = 32;
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** A realistic `tracker.alert`; `run_id` carries the sequence number so a delivery can be timed. */
export function alertBody(seq: number): string {
  return JSON.stringify({
    type: 'tracker.alert',
    timestamp: '2026-11-21T08:00:05Z',
    data: {
      account_id: 'acc_1',
      space_id: 'spc_1',
      tracker_id: `trk_${seq % 50}`,
      tracker_name: 'ACME supplier risk',
      run_id: `run_${seq}`,
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
}

let sequence = 0;
/** A number no other request of this run carries. */
export const nextSequence = (): number => sequence++;

/** The next distinct signed alert (a fresh id, so none is a duplicate). */
export function nextAlert(): { seq: number; body: string; headers: Record<string, string> } {
  const seq = nextSequence();
  const body = alertBody(seq);
  return {
    seq,
    body,
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      ...standardWebhooksHeaders(SECRET, `msg_bench_${process.pid}_${seq}`, body),
    },
  };
}

export function send(url: URL, alert: LoadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: alert.headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    // A kept-alive socket the server closed for idleness (its keepAliveTimeout) as this request
    // went out on it: the request never reached it, so it is sent again on a new socket, as
    // Node's documentation advises (`request.reusedSocket`). A long open loop at a modest rate
    // leaves some of the agent's sockets idle that long.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === 'ECONNRESET') send(url, alert).then(resolve, reject);
      else reject(error);
    });
    req.end(alert.body);
  });
}

export type LoadRequest = { body: string; headers: Record<string, string> };

/**
 * Closed loop: `concurrency` requests (default CONCURRENCY) always outstanding for `ms`, spread
 * round robin over `urls`, each made by `make` (default: the next signed alert); 2xx per second
 * and how many were sent. Any other answer fails the run.
 */
export async function closedLoop(
  urls: URL[],
  ms: number,
  options: { make?: () => LoadRequest; concurrency?: number } = {},
): Promise<{ rate: number; sent: number }> {
  const make = options.make ?? nextAlert;
  let done = 0;
  let failed = 0;
  let turn = 0;
  const started = performance.now();
  const until = started + ms;
  await Promise.all(
    Array.from({ length: options.concurrency ?? CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const status = await send(urls[turn++ % urls.length]!, make());
        if (status === 200) done++;
        else failed++;
      }
    }),
  );
  if (failed > 0) throw new Error(`${urls.map((u) => u.host).join(', ')}: ${failed} requests failed`);
  return { rate: done / ((performance.now() - started) / 1000), sent: done };
}

/** The closed loop against one server: 2xx per second. */
export async function throughput(url: URL, ms: number): Promise<number> {
  return (await closedLoop([url], ms)).rate;
}

/** Open loop at `rate` per second for `ms`: each request's time to its 2xx, and when each was sent. */
export async function openLoop(
  url: URL,
  rate: number,
  ms: number,
): Promise<{ latencies: number[]; sentAt: Map<number, number> }> {
  const latencies: number[] = [];
  const sentAt = new Map<number, number>();
  const count = Math.round((rate * ms) / 1000);
  const start = performance.now();
  const pending: Array<Promise<void>> = [];
  // Counted, not thrown: a rejection before the loop ends would find no handler and end the
  // process before its `finally` stops the servers it started.
  const failures = new Map<string, number>();
  const fail = (what: string) => {
    failures.set(what, (failures.get(what) ?? 0) + 1);
  };
  for (let i = 0; i < count; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const alert = nextAlert();
    const t0 = performance.now();
    sentAt.set(alert.seq, t0);
    pending.push(
      send(url, alert).then(
        (status) => {
          if (status === 200) latencies.push(performance.now() - t0);
          else fail(`status ${status}`);
        },
        (error: Error) => fail(error.message),
      ),
    );
  }
  await Promise.all(pending);
  if (failures.size > 0)
    throw new Error(`${url.host}: ${[...failures].map(([what, n]) => `${n} × ${what}`).join(', ')}`);
  return { latencies, sentAt };
}

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

export function closeAgent(): void {
  agent.destroy();
}
