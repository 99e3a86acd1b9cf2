// pnpm --filter @trackerkit/client run bench
// Measures the client against raw fetch on the same loopback servers, in the same run:
//  1. per-call overhead of trackers.get (goal: at most 1.10x raw fetch),
//  2. vault.uploadRows throughput for 100,000 rows vs a raw fetch loop posting the same batches (goal: at least 0.8x),
//  3. the uploader under the real upload limit, enforced by a loopback server on a simulated clock
//     (goal: at least 97% of the rows-per-minute ceiling, and no 429 reaching the caller).
// Prints a table and exits 0: it is a benchmark, not a test.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { createTrackerClient, createVirtualClock, LIMITS, type VaultRow } from '../src/index.ts';
import { trackerBody } from '../test/helpers/fixtures.ts';

const TOKEN = 'qapi_bench';
const rowsOf = (n: number): VaultRow[] =>
  Array.from({ length: n }, (_, i) => ({
    sku: `A-${i}`,
    late_days: i % 9,
    supplier: 'ACME',
    note: 'on time',
  }));

/** Loopback server on its own thread, so its work does not count against either side. */
const SERVER = `
const { createServer } = require('node:http');
const { parentPort } = require('node:worker_threads');
const tracker = JSON.stringify(${JSON.stringify(trackerBody())});
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body = tracker;
    let status = 200;
    if (req.method === 'POST') {
      const rows = JSON.parse(Buffer.concat(chunks).toString()).data.length;
      body = JSON.stringify({ source_id: 'src_1', rows_processed: rows, is_new_source: false });
      status = 201;
    }
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;

async function startWorkerServer(): Promise<{ origin: string; stop: () => Promise<number> }> {
  const worker = new Worker(SERVER, { eval: true });
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  return { origin: `http://127.0.0.1:${port}`, stop: () => worker.terminate() };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function perCallOverhead(origin: string) {
  const client = createTrackerClient({ baseUrl: `${origin}/v1`, token: TOKEN });
  const url = `${origin}/v1/api/trackers/trk_1`;
  const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' };
  const raw = async () => (await fetch(url, { headers })).json();
  const viaClient = () => client.trackers.get('trk_1');
  for (let i = 0; i < 500; i++) {
    await raw();
    await viaClient();
  }
  // Calls alternate one by one (the order flipping each time) and the medians are compared, so
  // load from other processes on a shared machine hits both sides alike.
  const rawTimes: number[] = [];
  const clientTimes: number[] = [];
  const time = async (fn: () => Promise<unknown>, into: number[]) => {
    const start = performance.now();
    await fn();
    into.push((performance.now() - start) * 1000);
  };
  for (let i = 0; i < 4_000; i++) {
    if (i % 2 === 0) {
      await time(raw, rawTimes);
      await time(viaClient, clientTimes);
    } else {
      await time(viaClient, clientTimes);
      await time(raw, rawTimes);
    }
  }
  return { raw: median(rawTimes), client: median(clientTimes) };
}

async function uploaderThroughput(origin: string) {
  const total = 100_000;
  const rows = rowsOf(total);
  const client = createTrackerClient({ baseUrl: `${origin}/v1`, token: TOKEN, clock: createVirtualClock() });
  const url = `${origin}/v1/api/trackers/trk_1/vault/sources`;
  const headers = {
    authorization: `Bearer ${TOKEN}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  const rawLoop = async () => {
    for (let i = 0; i < rows.length; i += LIMITS.uploadRowsMax) {
      const body = JSON.stringify({ source_name: 'bench', data: rows.slice(i, i + LIMITS.uploadRowsMax) });
      await (await fetch(url, { method: 'POST', headers, body })).json();
    }
  };
  const viaClient = () => client.vault.uploadRows('trk_1', { source_name: 'bench', rows });
  await rawLoop();
  await viaClient();
  const rawRates: number[] = [];
  const clientRates: number[] = [];
  for (let round = 0; round < 5; round++) {
    let t = performance.now();
    await rawLoop();
    rawRates.push(total / ((performance.now() - t) / 1000));
    t = performance.now();
    const result = await viaClient();
    clientRates.push(result.rows_processed / ((performance.now() - t) / 1000));
  }
  return { raw: median(rawRates), client: median(clientRates) };
}

/** The upload limit enforced on a simulated clock; each request takes `latencyMs` of simulated time. */
async function rateLimited(minutes: number, latencyMs: number) {
  const clock = createVirtualClock();
  const windowMs = LIMITS.uploadWindowSeconds * 1000;
  const accepted: { at: number; rows: number }[] = [];
  let rejected = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = clock.now();
      const recent = accepted.filter((a) => a.at > now - windowMs).length;
      clock.advance(latencyMs);
      if (recent >= LIMITS.uploadsPerWindow) {
        rejected += 1;
        res.writeHead(429, {
          'content-type': 'application/json',
          'retry-after': String(LIMITS.uploadWindowSeconds),
        });
        res.end('{"detail":"Rate limit exceeded"}');
        return;
      }
      const rows = (JSON.parse(Buffer.concat(chunks).toString()) as { data: unknown[] }).data.length;
      accepted.push({ at: now, rows });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ source_id: 'src_1', rows_processed: rows }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = createTrackerClient({ baseUrl: `http://127.0.0.1:${port}/v1`, token: TOKEN, clock });
  const horizon = minutes * 60_000;
  // More rows than fit in the horizon; stop once simulated time passes it.
  async function* source() {
    for (let i = 0; ; i++) {
      if (clock.now() >= horizon) return;
      yield { sku: `A-${i}`, late_days: i % 9 };
    }
  }
  let surfaced = 0;
  try {
    await client.vault.uploadRows('trk_1', { source_name: 'paced', rows: source() });
  } catch (error) {
    if ((error as { status?: number }).status === 429) surfaced += 1;
    else throw error;
  }
  server.close();
  const rows = accepted.filter((a) => a.at < horizon).reduce((n, a) => n + a.rows, 0);
  const ceiling = LIMITS.uploadsPerWindow * LIMITS.uploadRowsMax * (horizon / windowMs);
  return { rows, ceiling, rejected, surfaced };
}

const started = performance.now();
const server = await startWorkerServer();
const call = await perCallOverhead(server.origin);
const upload = await uploaderThroughput(server.origin);
await server.stop();
const paced = await rateLimited(10, 20);

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const rows: [string, string, string, string, string][] = [
  [
    'trackers.get, median call',
    `${fmt(call.raw, 1)} µs`,
    `${fmt(call.client, 1)} µs`,
    `${fmt(call.client / call.raw, 3)}x`,
    '<= 1.10x',
  ],
  [
    'uploadRows 100,000 rows',
    `${fmt(upload.raw)} rows/s`,
    `${fmt(upload.client)} rows/s`,
    `${fmt(upload.client / upload.raw, 3)}x`,
    '>= 0.80x',
  ],
  [
    `paced upload, 10 simulated min`,
    `${fmt(paced.ceiling)} rows ceiling`,
    `${fmt(paced.rows)} rows`,
    `${fmt((100 * paced.rows) / paced.ceiling, 2)}%`,
    '>= 97%',
  ],
  ['  429 answered / surfaced', '', `${paced.rejected} / ${paced.surfaced}`, '', '0 surfaced'],
];
const header: [string, string, string, string, string] = [
  'measure',
  'raw fetch / ceiling',
  'client',
  'ratio',
  'goal',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
console.log(
  `\n(${fmt((performance.now() - started) / 1000, 1)} s; upload limit ${LIMITS.uploadsPerWindow} per ${LIMITS.uploadWindowSeconds} s, ${LIMITS.uploadRowsMax} rows per request; 20 ms simulated latency per upload)`,
);
