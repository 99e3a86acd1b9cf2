import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import type { HandlerContext } from '../../src/router/create-router.ts';
import { createRouter } from '../../src/router/create-router.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';
import { post } from '../helpers/post.ts';

const dbPath = join(mkdtempSync(join(tmpdir(), 'tk-handlers-')), 'store.db');
const calls: Array<{ name: string; context: HandlerContext }> = [];
let failuresLeft = 2;
let receiver: Receiver;

beforeAll(async () => {
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  const router = createRouter();
  router.on('tracker.alert', (alert, context) => {
    calls.push({ name: alert.data.tracker_name, context });
    if (failuresLeft-- > 0) throw new Error('downstream database unavailable');
  });
  receiver = await startReceiver({
    port: 0,
    router,
    env: { SECRET },
    config: {
      storage: { path: dbPath },
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
      destinations: [{ name: 'archive', type: 'file', path: join(dbPath, '..', 'alerts.jsonl') }],
      route: { destination: 'archive' },
      delivery: { poll_interval: '20ms', retry: { initial_delay: '20ms', factor: 2, max_delay: '200ms' } },
      log: { level: 'silent' },
    },
  });
});

afterAll(() => receiver.close());

describe('router.on handlers run from the outbox', () => {
  it('a handler that throws is retried with the same idempotency key until it succeeds; a duplicate does not run it again', async () => {
    const req = signedRequest(exampleAlert({ tracker_name: 'Handled' }));
    expect((await post(receiver.sourceUrls.tracker!, req.body, req.headers)).status).toBe(200);
    await waitUntil(async () => (await receiver.store.list('delivered')).length >= 2, {
      what: 'the archive and the handler delivered',
    }).catch(() => {}); // the assertions below say what is missing
    const handled = (await receiver.store.list('delivered')).find((d) => d.destination === '@handlers');
    expect(handled).toMatchObject({ attempts: 3, webhookId: req.headers['webhook-id'] });
    expect(calls.map((c) => [c.name, c.context.attempt])).toEqual([
      ['Handled', 1],
      ['Handled', 2],
      ['Handled', 3],
    ]);
    expect(new Set(calls.map((c) => c.context.idempotencyKey))).toEqual(new Set([handled!.idempotencyKey]));
    // The receiver says it dropped the duplicate, and queued nothing that could run the handler.
    expect((await post(receiver.sourceUrls.tracker!, req.body, req.headers)).json.duplicate).toBe(true);
    expect(await receiver.store.list('pending')).toEqual([]);
    expect(calls).toHaveLength(3);
  });
});
