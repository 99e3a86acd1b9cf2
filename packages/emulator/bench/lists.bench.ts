// Lists that scale: CPU per request of listTrackers' page 1 and last page with 20, 10,000 and
// 100,000 trackers in the space, read from /proc/PID/stat of the emulator's own process, against an
// express hello-world (its own process too) measured in the same run. Loopback only; prints a table.
// Linux only (/proc). BENCH_SECONDS sets each case's length (default 3).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = 8;
const SIZES = [20, 10_000, 100_000];
const PAGE_SIZE = 20;
/** Trackers per fixtures request: well under the console's body limit. */
const CHUNK = 10_000;
const CLOCK_TICKS = 100; // USER_HZ on Linux

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** utime + stime of a process, in seconds (fields 14 and 15 of /proc/PID/stat). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** Starts a child and resolves with it and its first stdout line parsed as JSON. */
async function startChild(args: string[]): Promise<{ child: ChildProcess; ready: Record<string, string> }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
  return { child, ready: JSON.parse(first) };
}

/** CPU seconds of `pid` per request while `CONCURRENCY` loops send `request` for SECONDS. */
async function cpuPerRequest(pid: number, request: () => Promise<Response>): Promise<number> {
  for (let i = 0; i < 200; i++) await (await request()).arrayBuffer(); // warm up
  const deadline = performance.now() + SECONDS * 1000;
  let done = 0;
  const before = cpuSeconds(pid);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const response = await request();
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        done++;
      }
    }),
  );
  return (cpuSeconds(pid) - before) / done;
}

const express = await startChild([
  '--input-type=module',
  '-e',
  `import express from ${JSON.stringify(here('../node_modules/express/index.js'))};
   const app = express();
   app.get('/', (_req, res) => { res.json({ hello: 'world' }); });
   const server = app.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));`,
]);
const emulator = await startChild([
  '--conditions=trackerkit-source',
  here('../src/bin.ts'),
  '--clock',
  'manual',
  '--journal-size',
  '1000',
]);
const { base_url: baseUrl, token, account_id: accountId } = emulator.ready as Record<string, string>;
const origin = new URL(baseUrl as string).origin;
const post = async (path: string, body: unknown) => {
  const response = await fetch(`${origin}/_emulator${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, string>;
};
const tracker = (i: number) => ({
  name: `bench ${i}`,
  description: 'd',
  run_mode: 'manual',
  agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
});

const spaces: { size: number; spaceId: string }[] = [];
for (const size of SIZES) {
  const { space_id: spaceId } = await post(`/accounts/${accountId}/spaces`, { name: `${size} trackers` });
  for (let start = 0; start < size; start += CHUNK) {
    const count = Math.min(CHUNK, size - start);
    const trackers = Array.from({ length: count }, (_, i) => tracker(start + i));
    await post('/fixtures', { spaces: [{ space_id: spaceId, trackers }] });
  }
  spaces.push({ size, spaceId: spaceId as string });
}

const pid = emulator.child.pid as number;
const expressPid = express.child.pid as number;
const auth = { authorization: `Bearer ${token}` };
const expressUrl = `http://127.0.0.1:${express.ready.port}/`;
const baseline = await cpuPerRequest(expressPid, () => fetch(expressUrl));
const rows: Record<string, string | number>[] = [
  { case: 'express hello-world (baseline)', 'CPU µs/request': Math.round(baseline * 1e6) },
];
const cost: Record<string, number> = {};
for (const { size, spaceId } of spaces) {
  const last = Math.ceil(size / PAGE_SIZE);
  for (const [label, page] of [
    ['page 1', 1],
    [`last page (${last})`, last],
  ] as const) {
    const url = `${baseUrl}/api/trackers?space_id=${spaceId}&page=${page}&page_size=${PAGE_SIZE}`;
    const perRequest = await cpuPerRequest(pid, () => fetch(url, { headers: auth }));
    cost[`${size} ${label.startsWith('page') ? 'first' : 'last'}`] = perRequest;
    rows.push({
      case: `listTrackers, ${size.toLocaleString('en')} stored, ${label}`,
      'CPU µs/request': Math.round(perRequest * 1e6),
    });
  }
}
const oneTracker = spaces[0] as { spaceId: string };
const list = await (
  await fetch(`${baseUrl}/api/trackers?space_id=${oneTracker.spaceId}&page_size=1`, { headers: auth })
).json();
const trackerId = (list as { data: { tracker_id: string }[] }).data[0]?.tracker_id;
const get = await cpuPerRequest(pid, () => fetch(`${baseUrl}/api/trackers/${trackerId}`, { headers: auth }));
rows.push({ case: 'getTracker', 'CPU µs/request': Math.round(get * 1e6) });

for (const row of rows) {
  const us = Number(row['CPU µs/request']);
  row['express / this'] = Number((Math.round(baseline * 1e6) / us).toFixed(2));
}
console.table(rows);
const ratio = (a: string, b: string) => ((cost[a] ?? 0) / (cost[b] ?? 1)).toFixed(2);
console.log(
  `100,000 stored vs 20 stored: page 1 ${ratio('100000 first', '20 first')}x, last page ${ratio('100000 last', '20 last')}x`,
);
emulator.child.kill('SIGTERM');
express.child.kill('SIGTERM');
