// Requests per second of the emulator against an express hello-world measured in the same run.
// Loopback only, bounded by time; prints a table.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { startEmulator } from '../src/index.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONCURRENCY = 16;

async function measure(
  label: string,
  request: (worker: number, i: number) => Promise<Response>,
): Promise<number> {
  const deadline = performance.now() + SECONDS * 1000;
  let done = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const response = await request(worker, i);
        await response.arrayBuffer();
        if (response.ok) done++;
        else failures++;
      }
    }),
  );
  if (failures > 0) throw new Error(`${label}: ${failures} requests failed`);
  return done / SECONDS;
}

const app = express();
app.get('/', (_req, res) => {
  res.json({ hello: 'world' });
});
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const expressUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

const emu = await startEmulator({ log: () => {} });
const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const createTracker = async (token: string, spaceId: string) => {
  const response = await fetch(`${emu.baseUrl}/api/spaces/${spaceId}/trackers`, {
    method: 'POST',
    headers: json(token),
    body: JSON.stringify({
      name: 'bench',
      description: 'd',
      run_mode: 'manual',
      agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
    }),
  });
  return ((await response.json()) as { tracker_id: string }).tracker_id;
};
const trackerId = await createTracker(emu.token, emu.spaceId);

// Uploads are limited per account (30 a minute): spread them over enough accounts.
const uploaders: { token: string; trackerId: string }[] = [];
for (let i = 0; i < 80; i++) {
  const account = (await (
    await fetch(`${emu.origin}/_emulator/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `b${i}@bench.test` }),
    })
  ).json()) as { account_id: string; token: string };
  const space = (await (
    await fetch(`${emu.origin}/_emulator/accounts/${account.account_id}/spaces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    })
  ).json()) as { space_id: string };
  uploaders.push({ token: account.token, trackerId: await createTracker(account.token, space.space_id) });
}
const rows = JSON.stringify({
  source_name: 'bench',
  data: Array.from({ length: 1000 }, (_, i) => ({ sku: `A-${i}`, late_days: i % 7, note: 'on time' })),
});
let uploads = 0;

// Warm the client and both servers before anything counts.
for (let i = 0; i < 500; i++) {
  await (await fetch(expressUrl)).arrayBuffer();
  await (
    await fetch(`${emu.baseUrl}/api/trackers/${trackerId}`, {
      headers: { authorization: `Bearer ${emu.token}` },
    })
  ).arrayBuffer();
}
const baseline = await measure('express', () => fetch(expressUrl));
const getTracker = await measure('get-tracker', () =>
  fetch(`${emu.baseUrl}/api/trackers/${trackerId}`, { headers: { authorization: `Bearer ${emu.token}` } }),
);
const upload = await measure('upload', () => {
  const target = uploaders[Math.floor(uploads++ / 25) % uploaders.length] as {
    token: string;
    trackerId: string;
  };
  return fetch(`${emu.baseUrl}/api/trackers/${target.trackerId}/vault/sources`, {
    method: 'POST',
    headers: json(target.token),
    body: rows,
  });
});

console.table([
  { case: 'express hello-world (baseline)', 'req/s': Math.round(baseline), ratio: 1 },
  {
    case: 'emulator get-tracker',
    'req/s': Math.round(getTracker),
    ratio: Number((getTracker / baseline).toFixed(3)),
  },
  {
    case: 'emulator upload 1,000 rows',
    'req/s': Math.round(upload),
    ratio: Number((upload / baseline).toFixed(4)),
  },
]);
await emu.close();
server.close();
