import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { exampleAlert, ingestItem, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { deepBody } from '../helpers/outbox-harness.ts';
import { post } from '../helpers/post.ts';

let receiver: Receiver;
let dest: Loopback;
const logs: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  const { createLogger } = await import('../../src/telemetry/logger.ts');
  dest = await startLoopback();
  receiver = await startReceiver({
    port: 0,
    host: '127.0.0.1',
    storagePath: ':memory:',
    env: { SECRET },
    logger: createLogger({ level: 'info', write: (l) => logs.push(JSON.parse(l)) }),
    config: {
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
      destinations: [
        {
          name: 'dest',
          type: 'forward',
          url: dest.url,
          secret: SECRET,
          retry: { max_attempts: 20, initial_delay: '20ms', factor: 2, max_delay: '100ms' },
        },
      ],
      route: { destination: 'dest' },
      // Undocumented event types go here.
      catch_all: 'dest',
      delivery: { poll_interval: '20ms', breaker: { failure_threshold: 1, cooldown: '50ms' } },
    },
  });
});

afterAll(async () => {
  await receiver?.close();
  await dest?.close();
});

const send = async (event: unknown) => {
  const req = signedRequest(event);
  expect((await post(receiver.sourceUrls.tracker!, req.body, req.headers)).status).toBe(200);
};

describe('a loopback destination whose breaker probes get 429 and 4xx', () => {
  it('waits out the 429, dead-letters the refused message, closes, delivers the rest, logs and exports each change', async () => {
    // 503 opens the circuit; the probe gets 429 Retry-After: 1; the next probe 400; then 2xx.
    dest.queue.push(
      { status: 503 },
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 400, body: { error: 'bad card' } },
    );
    await send(exampleAlert({ tracker_name: 'First' }));
    await waitUntil(() => logs.some((l) => l.msg === 'circuit breaker opened'), {
      timeout: 15_000,
      what: 'the breaker opened',
    });
    await send(exampleAlert({ tracker_name: 'Second' }));
    await send(exampleAlert({ tracker_name: 'Third' }));
    await waitUntil(async () => (await receiver.store.list('pending')).length === 0, {
      timeout: 15_000,
      what: 'nothing pending',
    });
    expect(await receiver.store.counts()).toMatchObject({ delivered: 2, dead: 1 });
    expect((await receiver.store.list('dead'))[0]).toMatchObject({ lastStatus: 400 });

    const changes = logs.filter((l) => String(l.msg).startsWith('circuit breaker'));
    expect(changes.map((l) => `${l.destination}: ${l.from}->${l.to}`)).toEqual([
      'dest: closed->open',
      'dest: open->half-open',
      'dest: half-open->open',
      'dest: open->half-open',
      'dest: half-open->closed',
    ]);
    expect(changes[2]!.reason).toMatch(/^probe asked to wait: HTTP 429.*probing again in \d+ ms$/);
    expect(changes[4]!.reason).toBe('answered 400 to one message: the destination is up');

    const metrics = await (await fetch(`${receiver.url}/metrics`)).text();
    expect(metrics).toContain('trackerkit_webhooks_breaker_state{destination="dest"} 0');
    expect(metrics).toContain(
      'trackerkit_webhooks_breaker_transitions_total{destination="dest",from="half-open",to="open"} 1',
    );
    expect(metrics).toContain(
      'trackerkit_webhooks_breaker_transitions_total{destination="dest",from="open",to="half-open"} 2',
    );
  });

  it('a too-deep alert is refused at ingest; one an older version stored is delivered, and so are the rest', async () => {
    const before = dest.requests.length;
    const deep = deepBody('tracker.unknown');
    const refused = signedRequest(deep);
    expect((await post(receiver.sourceUrls.tracker!, refused.body, refused.headers)).status).toBe(422);
    await receiver.store.ingest(
      ingestItem(`msg_stored_deep_${Date.now()}`, {
        source: 'tracker',
        eventType: 'tracker.unknown',
        known: false,
        body: deep,
        matches: [{ path: 'catch_all', destinations: ['dest'], repeatIntervalMs: 0, muted: false }],
      }),
    );
    for (let i = 0; i < 5; i++) await send(exampleAlert({ tracker_name: `After ${i}` }));
    await waitUntil(async () => (await receiver.store.list('pending')).length === 0, {
      timeout: 15_000,
      what: 'nothing pending',
    });
    expect(dest.requests.length - before).toBe(6);
    expect(await receiver.store.counts()).toMatchObject({ delivered: 8 });
  });
});
