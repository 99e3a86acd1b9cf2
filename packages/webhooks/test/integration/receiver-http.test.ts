import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { createLogger } from '../../src/telemetry/logger.ts';
import { exampleAlert, OTHER_SECRET, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { post } from '../helpers/post.ts';

const FORWARD_SECRET = `whsec_${Buffer.from('forward-secret-xyz').toString('base64')}`;
let receiver: Receiver;
let main: Loopback;
let archive: Loopback;
let target: string;
const logs: string[] = [];

beforeAll(async () => {
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  main = await startLoopback();
  archive = await startLoopback();
  receiver = await startReceiver({
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'debug', write: (l) => logs.push(l) }),
    env: {
      SECRET_A: SECRET,
      SECRET_B: OTHER_SECRET,
      FWD: FORWARD_SECRET,
      MAIN_URL: `${main.url}/hook/T0/SECRETPATH`,
    },
    config: {
      server: { body_limit: '16kb' },
      storage: { path: join(mkdtempSync(join(tmpdir(), 'tk-recv-')), 'store.db') },
      sources: [
        { name: 'tracker', path: '/webhooks/tracker', secrets: [{ env: 'SECRET_A' }, { env: 'SECRET_B' }] },
      ],
      destinations: [
        { name: 'main', type: 'slack', url: { env: 'MAIN_URL' } },
        { name: 'archive', type: 'forward', url: archive.url, secret: { env: 'FWD' } },
      ],
      route: { destination: 'main' },
      catch_all: 'archive',
      delivery: { poll_interval: '20ms' },
    },
  });
  target = receiver.sourceUrls.tracker!;
});

afterAll(async () => {
  await receiver.close();
  await main.close();
  await archive.close();
});

describe('receiver over HTTP', () => {
  it('acknowledges a signed alert only after storing it, then delivers it once', async () => {
    const req = signedRequest(exampleAlert({ tracker_name: 'Stored first' }));
    const res = await post(target, req.body, req.headers);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, duplicate: false });
    // Slack takes group notifications (made by the group's flush, just after): the alert itself is
    // what was stored before the 200.
    const stored = await receiver.store.browse.recentAlerts(10);
    expect(stored.some((a) => a.webhookId === req.headers['webhook-id'])).toBe(true);
    await main.waitFor((l) => l.requests.some((r) => r.body.includes('Stored first')));
  });

  it('a duplicate is 200 and is not routed again; a rotated secret is accepted', async () => {
    const req = signedRequest(exampleAlert({ tracker_name: 'Dup check' }), { secret: OTHER_SECRET });
    expect((await post(target, req.body, req.headers)).json.duplicate).toBe(false);
    const again = await post(target, req.body, req.headers);
    expect(again).toMatchObject({ status: 200, json: { duplicate: true } });
    // Delivered once, and the outbox holds nothing more that could send it again.
    await main.waitFor(
      async (l) =>
        l.requests.some((r) => r.body.includes('Dup check')) &&
        (await receiver.store.list('pending')).length === 0,
    );
    expect(main.requests.filter((r) => r.body.includes('Dup check'))).toHaveLength(1);
  });

  it('unknown event types are stored and go only to the catch-all', async () => {
    const req = signedRequest({ type: 'tracker.paused', data: { tracker_id: 'trk_x' } });
    expect((await post(target, req.body, req.headers)).status).toBe(200);
    await archive.waitFor((l) => l.requests.some((r) => r.body.includes('tracker.paused')));
    expect(main.requests.some((r) => r.body.includes('tracker.paused'))).toBe(false);
  });

  const bad: Array<
    [string, { given: () => { body: string; headers: Record<string, string> }; want: [number, string] }]
  > = [
    [
      'bad signature',
      {
        given: () => ({ ...signedRequest(exampleAlert()), body: JSON.stringify(exampleAlert({ score: 3 })) }),
        want: [401, 'no_matching_signature'],
      },
    ],
    [
      'stale timestamp',
      {
        given: () => signedRequest(exampleAlert(), { nowMs: Date.now() - 3_600_000 }),
        want: [401, 'timestamp_too_old'],
      },
    ],
    [
      'future timestamp',
      {
        given: () => signedRequest(exampleAlert(), { nowMs: Date.now() + 3_600_000 }),
        want: [401, 'timestamp_too_new'],
      },
    ],
    [
      'no signature headers',
      {
        given: () => ({ body: '{}', headers: { 'content-type': 'application/json' } }),
        want: [401, 'missing_id'],
      },
    ],
    [
      'malformed JSON, correctly signed',
      { given: () => signedRequest('{"type": tracker.alert'), want: [400, 'malformed_json'] },
    ],
    [
      'missing required field',
      {
        given: () => signedRequest({ ...exampleAlert(), data: { ...exampleAlert().data, score: undefined } }),
        want: [400, 'invalid_event'],
      },
    ],
    [
      'wrong content type',
      {
        given: () => ({
          ...signedRequest(exampleAlert()),
          headers: { ...signedRequest(exampleAlert()).headers, 'content-type': 'text/plain' },
        }),
        want: [415, 'unsupported_media_type'],
      },
    ],
    [
      'gzip body',
      {
        given: () => ({
          ...signedRequest(exampleAlert()),
          headers: { ...signedRequest(exampleAlert()).headers, 'content-encoding': 'gzip' },
        }),
        want: [415, 'unsupported_encoding'],
      },
    ],
    [
      'too large',
      {
        given: () => signedRequest(exampleAlert({ analysis: 'x'.repeat(20_000) })),
        want: [413, 'too_large'],
      },
    ],
  ];
  it.each(bad)('%s', async (_name, { given, want }) => {
    const req = given();
    const res = await post(target, req.body, req.headers);
    expect([res.status, res.json.reason]).toEqual(want);
    expect(res.json.error).toMatch(/^@trackerkit\/webhooks: /);
  });

  it('names the missing field in a 400', async () => {
    const { score: _s, ...data } = exampleAlert().data;
    const req = signedRequest({ ...exampleAlert(), data });
    expect((await post(target, req.body, req.headers)).json.error).toBe(
      '@trackerkit/webhooks: data.score: required',
    );
  });

  it('405 for other methods, 404 elsewhere, health and readiness', async () => {
    expect((await fetch(target)).status).toBe(405);
    expect((await fetch(`${receiver.url}/nope`, { method: 'POST' })).status).toBe(404);
    expect(await (await fetch(`${receiver.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${receiver.url}/readyz`)).status).toBe(200);
  });

  it('exposes Prometheus metrics by reason and destination', async () => {
    await main.waitFor(async () => (await receiver.store.counts()).pending === undefined);
    const text = await (await fetch(`${receiver.url}/metrics`)).text();
    expect(text).toMatch(/trackerkit_webhooks_received_total\{source="tracker",type="tracker.alert"\} \d+/);
    expect(text).toContain(
      'trackerkit_webhooks_rejected_total{source="tracker",reason="no_matching_signature"} 1',
    );
    expect(text).toContain('trackerkit_webhooks_rejected_total{source="tracker",reason="too_large"} 1');
    expect(text).toMatch(/trackerkit_webhooks_delivered_total\{destination="main"\} \d+/);
    expect(text).toContain('trackerkit_webhooks_duplicates_total{source="tracker"} 1');
    expect(text).toMatch(
      /trackerkit_webhooks_delivery_latency_seconds_bucket\{destination="main",le="\+Inf"\} \d+/,
    );
    expect(text).toContain('trackerkit_webhooks_outbox_deliveries{state="dead"} 0');
    // What the outbox holds in memory, bounded by delivery.concurrency.
    for (const gauge of ['in_flight', 'held', 'recording'])
      expect(text).toMatch(new RegExp(`trackerkit_webhooks_outbox_${gauge} \\d+\n`));
    // Sampled since the receiver started: no timing asserted, only that the samples are there.
    expect(text).toMatch(/trackerkit_webhooks_event_loop_delay_seconds_count [1-9]\d*\n/);
    expect(text).toMatch(/trackerkit_webhooks_event_loop_delay_seconds\{quantile="0\.99"\} [0-9.e-]+\n/);
  });

  it('logs are JSON and never contain a secret, a token or a destination URL', async () => {
    expect(logs.length).toBeGreaterThan(10);
    const all = logs.join('');
    for (const secret of [SECRET, OTHER_SECRET, FORWARD_SECRET, 'SECRETPATH', SECRET.slice(6), archive.url]) {
      expect(all).not.toContain(secret);
    }
    for (const line of logs) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('answers 503 with Retry-After when storage fails, never 2xx', async () => {
    await receiver.store.close();
    const req = signedRequest(exampleAlert());
    const res = await post(target, req.body, req.headers);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect((await fetch(`${receiver.url}/readyz`)).status).toBe(503);
  });
});
