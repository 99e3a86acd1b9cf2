import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../src/delivery/post-json.ts';
import { type Loopback, type Reply, startLoopback } from '../helpers/loopback.ts';
import { freePort } from '../helpers/spawn-receiver.ts';

let loop: Loopback;
beforeAll(async () => {
  loop = await startLoopback();
});
afterAll(() => loop.close());

const send = (url = loop.url) =>
  postJson({ url, body: '{}', signal: AbortSignal.timeout(5000), headers: { 'idempotency-key': 'k' } });

describe('postJson classifies each answer by core’s resend rule', () => {
  const cases: Array<[string, { given: Reply; want: { retryable: boolean; retryAfterMs?: number } }]> = [
    ['500', { given: { status: 500 }, want: { retryable: true } }],
    [
      '503 with Retry-After',
      {
        given: { status: 503, headers: { 'retry-after': '7' } },
        want: { retryable: true, retryAfterMs: 7000 },
      },
    ],
    [
      '429 with an unreadable Retry-After',
      { given: { status: 429, headers: { 'retry-after': '-5' } }, want: { retryable: true } },
    ],
    ['408', { given: { status: 408 }, want: { retryable: true } }],
    ['404', { given: { status: 404 }, want: { retryable: false } }],
    ['410', { given: { status: 410 }, want: { retryable: false } }],
  ];
  it.each(cases)('%s', async (_name, { given, want }) => {
    loop.queue.push(given);
    const outcome = await send();
    expect(outcome).toMatchObject({ ok: false, ...want });
    if (want.retryAfterMs === undefined) expect(outcome).not.toHaveProperty('retryAfterMs');
  });

  it('a refused connection is resent', async () => {
    const outcome = await send(`http://127.0.0.1:${await freePort()}/`);
    expect(outcome).toMatchObject({ ok: false, retryable: true, status: null });
  });
});
