import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { createLogger } from '../../src/telemetry/logger.ts';
import { exampleAlert, exampleResolved, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { post } from '../helpers/post.ts';

let receiver: Receiver;
let hook: Loopback;

beforeAll(async () => {
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  hook = await startLoopback();
  receiver = await startReceiver({
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'silent' }),
    env: { SECRET_A: SECRET },
    config: {
      storage: { path: join(mkdtempSync(join(tmpdir(), 'tk-repeat-')), 'store.db') },
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET_A' } }],
      destinations: [{ name: 'hook', type: 'forward', url: hook.url, secret: SECRET }],
      route: { destination: 'hook', repeat_interval: '50ms' },
      delivery: { poll_interval: '20ms' },
    },
  });
});

afterAll(async () => {
  await receiver.close();
  await hook.close();
});

describe('repeat_interval through the running receiver', () => {
  it('re-sends a still-firing tracker with new idempotency keys until it resolves (the stop itself: store.test.ts)', async () => {
    const fired = signedRequest(exampleAlert({ tracker_id: 'trk_repeat' }));
    expect((await post(receiver.sourceUrls.tracker!, fired.body, fired.headers)).status).toBe(200);
    await vi.waitFor(() => expect(hook.requests.length).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    const keys = hook.requests.map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(keys.length);
    expect(hook.requests.every((r) => JSON.parse(r.body).data.tracker_id === 'trk_repeat')).toBe(true);

    const resolved = signedRequest(exampleResolved({ tracker_id: 'trk_repeat' }));
    expect((await post(receiver.sourceUrls.tracker!, resolved.body, resolved.headers)).status).toBe(200);
    await vi.waitFor(
      () =>
        expect(hook.requests.some((r) => JSON.parse(r.body).type === 'tracker.alert.resolved')).toBe(true),
      { timeout: 10_000 },
    );
  });
});
