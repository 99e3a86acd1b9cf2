import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { idempotencyKey } from '../../src/store/idempotency-key.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { freePort, spawnReceiver } from '../helpers/spawn-receiver.ts';

const TOTAL = 1000;
let child: ChildProcess | undefined;
const loops: Loopback[] = [];

afterAll(async () => {
  child?.kill('SIGKILL');
  await Promise.all(loops.map((l) => l.close()));
});

describe('kill -9 while 1,000 alerts are in flight', () => {
  it('every acknowledged alert reaches every matching destination, each under one idempotency key', async () => {
    const forward = await startLoopback();
    const slack = await startLoopback();
    loops.push(forward, slack);
    const dir = mkdtempSync(join(tmpdir(), 'tk-crash-'));
    const configPath = join(dir, 'config.yaml');
    writeFileSync(
      configPath,
      stringify({
        storage: { path: join(dir, 'store.db') },
        sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'TRACKER_WEBHOOK_SECRET' } }],
        destinations: [
          { name: 'forward', type: 'forward', url: forward.url, secret: { env: 'TRACKER_WEBHOOK_SECRET' } },
          { name: 'slack', type: 'slack', url: slack.url },
        ],
        route: { destination: ['forward', 'slack'] },
        delivery: { poll_interval: '20ms', retry: { initial_delay: '50ms', max_delay: '1s' } },
        log: { level: 'warn' },
      }),
    );
    const env = { TRACKER_WEBHOOK_SECRET: SECRET };
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/webhooks/tracker`;
    ({ child } = await spawnReceiver(configPath, port, env));

    const requests = Array.from({ length: TOTAL }, (_, i) =>
      signedRequest(exampleAlert({ tracker_name: `Crash ${i}` }), { id: `msg_crash_${i}` }),
    );
    const acked = new Set<number>();
    let killed = false;
    const sendOne = async (i: number) => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          body: requests[i]!.body,
          headers: requests[i]!.headers,
        });
        await res.text();
        if (res.status === 200) acked.add(i);
      } catch {}
      if (!killed && acked.size >= TOTAL * 0.4) {
        killed = true;
        child!.kill('SIGKILL');
      }
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < TOTAL) await sendOne(next++);
      }),
    );
    expect(killed).toBe(true);
    const ackedBeforeCrash = new Set(acked);
    expect(ackedBeforeCrash.size).toBeGreaterThanOrEqual(TOTAL * 0.4);
    expect(ackedBeforeCrash.size).toBeLessThan(TOTAL);

    // Restart on the same store; the sender retries what was never acknowledged.
    ({ child } = await spawnReceiver(configPath, port, env));
    const retry = requests.map((_, i) => i).filter((i) => !acked.has(i));
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        for (let i = retry.shift(); i !== undefined; i = retry.shift()) await sendOne(i);
      }),
    );
    expect(acked.size).toBe(TOTAL);

    const expected = (name: string) =>
      new Set(requests.map((r) => idempotencyKey('tracker', r.headers['webhook-id']!, name)));
    for (const [loop, name] of [
      [forward, 'forward'],
      [slack, 'slack'],
    ] as const) {
      const keys = expected(name);
      await loop.waitFor((l) => [...keys].every((k) => l.keys.has(k)), 45_000);
      // Every key seen is one of the expected ones: a redelivery after the crash reused its key.
      expect(new Set(loop.keys.keys())).toEqual(keys);
      for (const i of ackedBeforeCrash)
        expect(loop.keys.has(idempotencyKey('tracker', `msg_crash_${i}`, name))).toBe(true);
    }
    // Forwards carry the key as the new webhook-id as well.
    for (const r of forward.requests) expect(r.headers['webhook-id']).toBe(r.headers['idempotency-key']);
  });
});
