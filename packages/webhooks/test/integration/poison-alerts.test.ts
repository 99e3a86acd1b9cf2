// Issue 24 item 10: a poison alert was accepted and could never leave the dead letters (arrays
// nested 6,000 deep: 200, then `RangeError: Maximum call stack size exceeded` on every attempt and
// every replay); a body declared in UTF-16 or latin1 was accepted and read as UTF-8. The receiver
// now refuses at ingest what it could not deliver, stores nothing of it, and delivers what an
// older version stored.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_ALERT_JSON_DEPTH } from '@trackerkit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../src/server/start-receiver.ts';
import { exampleAlert, ingestItem, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { post } from '../helpers/post.ts';

let receiver: Receiver;
let hook: Loopback;
const sinkPath = join(mkdtempSync(join(tmpdir(), 'tk-poison-')), 'alerts.jsonl');

beforeAll(async () => {
  hook = await startLoopback();
  receiver = await startReceiver({
    port: 0,
    host: '127.0.0.1',
    storagePath: ':memory:',
    config: {
      server: { body_limit: '64kb' },
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
      destinations: [
        { name: 'slack', type: 'slack', url: { env: 'SLACK_URL' } },
        // A sink that writes the whole event as JSON.
        { name: 'sink', type: 'file', path: sinkPath },
      ],
      route: { destination: 'slack' },
      delivery: { poll_interval: '20ms', retry: { max_attempts: 1 } },
      log: { level: 'silent' },
    },
    env: { SECRET, SLACK_URL: `${hook.url}/services/T0/B0/X` },
  });
});

afterAll(async () => {
  await receiver?.close();
  await hook?.close();
});

/** An event whose `extra` field holds arrays nested `depth` deep (the event itself adds one level). */
const nestedEvent = (depth: number, type = 'tracker.custom') =>
  `{"type":${JSON.stringify(type)},"timestamp":"2030-01-01T00:00:00Z","extra":${'['.repeat(depth)}${']'.repeat(depth)}}`;

/** The document's example alert nested `depth` levels in all (event, data, then arrays in `data.extra`). */
const alertNested = (depth: number, name = 'Nested') =>
  JSON.stringify({
    ...exampleAlert({ tracker_name: name }),
    data: {
      ...exampleAlert({ tracker_name: name }).data,
      extra: JSON.parse(`${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}`),
    },
  });

const stored = async () => Object.values(await receiver.store.counts()).reduce((a, b) => a + b, 0);

describe('poison at ingest: refused with a 4xx naming the reason, nothing stored', () => {
  it.each<[string, { body: string; headers?: Record<string, string>; want: [number, string, RegExp] }]>([
    [
      'arrays nested 6,000 deep',
      {
        body: nestedEvent(6000),
        want: [422, 'too_deep', /^@trackerkit\/webhooks: body: nested deeper than 64 levels/],
      },
    ],
    [
      'one level past the limit, in a known alert',
      {
        body: alertNested(MAX_ALERT_JSON_DEPTH + 1),
        want: [422, 'too_deep', /nested deeper than 64 levels/],
      },
    ],
    [
      'JSON declared as UTF-16',
      {
        body: JSON.stringify(exampleAlert()),
        headers: { 'content-type': 'application/json; charset=utf-16' },
        want: [415, 'unsupported_charset', /^@trackerkit\/webhooks: content-type: charset must be utf-8/],
      },
    ],
    [
      'JSON declared as latin1',
      {
        body: JSON.stringify(exampleAlert()),
        headers: { 'content-type': 'application/json; charset=latin1' },
        want: [415, 'unsupported_charset', /got "latin1"/],
      },
    ],
  ])('%s', async (_name, { body, headers, want }) => {
    const req = signedRequest(body);
    const answer = await post(receiver.sourceUrls.tracker!, req.body, { ...req.headers, ...headers });
    expect([answer.status, answer.json.reason]).toEqual(want.slice(0, 2));
    expect(answer.json.error).toMatch(want[2]);
    expect(await stored()).toBe(0);
  });

  it('a body over server.body_limit sent in chunks (no Content-Length): 413, nothing stored', async () => {
    const req = signedRequest(exampleAlert({ analysis: 'x'.repeat(70_000) }));
    const bytes = new TextEncoder().encode(req.body);
    const body = new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.subarray(i, i + 8192));
        controller.close();
      },
    });
    const answer = await fetch(receiver.sourceUrls.tracker!, {
      method: 'POST',
      headers: req.headers,
      body,
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { reason: string }).reason).toBe('too_large');
    expect(await stored()).toBe(0);
  });

  it('at the limit (and with charset=utf-8) the alert is taken and delivered', async () => {
    const req = signedRequest(alertNested(MAX_ALERT_JSON_DEPTH, 'At the limit'));
    const answer = await post(receiver.sourceUrls.tracker!, req.body, {
      ...req.headers,
      'content-type': 'application/json; charset=UTF-8',
    });
    expect(answer.status).toBe(200);
    await hook.waitFor((l) => l.requests.some((r) => r.body.includes('At the limit')));
  });
});

describe('a too-deep body stored before the rule', () => {
  it('is delivered, and its dead letter replays cleanly instead of failing on every attempt', async () => {
    // Written straight into the store, as an older receiver stored it.
    const body = nestedEvent(6000, 'tracker.stored-deep');
    hook.queue.push({ status: 410, body: { error: 'channel archived' } });
    await receiver.store.ingest(
      ingestItem(`msg_deep_${Date.now()}`, {
        source: 'tracker',
        eventType: 'tracker.stored-deep',
        known: false,
        body,
        matches: [{ path: 'root', destinations: ['slack', 'sink'], repeatIntervalMs: 0, muted: false }],
      }),
    );
    // The destination's own 410 dead-letters it: the message itself was formatted and sent (its
    // text inert, so the event type's dot reads as another character: match the rest).
    await hook.waitFor(async () => (await receiver.store.list('dead')).length === 1);
    const dead = (await receiver.store.list('dead'))[0]!;
    expect(dead.lastError).not.toMatch(/RangeError|call stack/);
    expect(hook.requests.filter((r) => r.body.includes('stored-deep'))).toHaveLength(1);
    expect(await receiver.store.replay(dead.id)).toBe(1);
    await hook.waitFor(async () => (await receiver.store.list('delivered')).some((d) => d.id === dead.id));
    expect(hook.requests.filter((r) => r.body.includes('stored-deep'))).toHaveLength(2);
    // The sink wrote the event as one JSON line, its too-deep part left out.
    const line = readFileSync(sinkPath, 'utf8')
      .split('\n')
      .find((l) => l.includes('tracker.stored-deep'));
    expect(JSON.parse(line!).event.extra).toBeDefined();
    expect(line).toContain('left out');
  });
});
