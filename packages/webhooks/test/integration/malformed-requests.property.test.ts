import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { standardWebhooksHeaders } from '@trackerkit/core/signing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { exampleAlert, SECRET } from '../helpers/alerts.ts';

let receiver: Receiver;

beforeAll(async () => {
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  receiver = await startReceiver({
    port: 0,
    env: { S: SECRET },
    config: {
      server: { body_limit: '8kb' },
      storage: { path: join(mkdtempSync(join(tmpdir(), 'tk-prop-')), 'store.db') },
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'S' } }],
      destinations: [{ name: 'file', type: 'file', path: join(tmpdir(), `tk-prop-${process.pid}.jsonl`) }],
      route: { destination: 'file' },
      log: { level: 'silent' },
    },
  });
});

afterAll(() => receiver.close());

const headerValue = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom('', 'v1,', 'v1,AAAA', '0', '-1', '99999999999999999999'),
);
const jsonish = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 200 }),
  fc.constant(JSON.stringify(exampleAlert())),
  fc
    .record({
      type: fc.constantFrom(
        'tracker.alert',
        'tracker.alert.resolved',
        'x',
        'constructor',
        '__proto__',
        'toString',
      ),
      data: fc.anything(),
    })
    .map((v) => JSON.stringify(v)),
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('latin1')),
  fc.constant('x'.repeat(9000)),
);

/** A request that is wrong in one or more ways: headers, body, signature, encoding, type. */
const malformed = fc.record({
  body: jsonish,
  sign: fc.boolean(),
  contentType: fc.constantFrom(
    'application/json',
    'text/plain',
    '',
    'application/json; charset=utf-8',
    'application/x-www-form-urlencoded',
    'application/cloudevents+json',
  ),
  extra: fc.dictionary(
    fc.constantFrom('webhook-id', 'webhook-timestamp', 'webhook-signature', 'content-encoding', 'x-any'),
    headerValue,
    { maxKeys: 3 },
  ),
  skew: fc.integer({ min: -100_000, max: 100_000 }),
});

describe('property: malformed requests never cause a 5xx', () => {
  it('1,000 generated requests, each answered 2xx or 4xx', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(malformed, async ({ body, sign, contentType, extra, skew }) => {
        const headers: Record<string, string> = {};
        if (contentType) headers['content-type'] = contentType;
        if (sign)
          Object.assign(
            headers,
            standardWebhooksHeaders(SECRET, `msg_prop_${Math.random()}`, body, Date.now() + skew * 1000),
          );
        for (const [k, v] of Object.entries(extra)) {
          if (/^[\t\x20-\x7e]*$/.test(v)) headers[k] = v;
        }
        const res = await fetch(receiver.sourceUrls.tracker!, { method: 'POST', headers, body });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        return res.status < 500;
      }),
      { numRuns: 1000 },
    );
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(1000);
    // The generator reaches every rejection class, not just one.
    for (const status of [400, 401, 413, 415]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
  });
});
