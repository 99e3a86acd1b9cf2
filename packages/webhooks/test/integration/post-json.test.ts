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

describe('postJson bounds an attempt on its connection pool, not with a signal per delivery', () => {
  const attempt = (timeoutMs: number, stop = new AbortController().signal) => ({
    timeoutMs,
    stop,
    get signal(): AbortSignal {
      throw new Error('an HTTP attempt with a timeout must not need a signal of its own');
    },
  });

  it('an answer slower than the timeout is a timeout, resent', async () => {
    loop.queue.push({ status: 200, delayMs: 1500 });
    const outcome = await postJson({ url: loop.url, body: '{}', attempt: attempt(300) });
    expect(outcome).toEqual({ ok: false, retryable: true, status: null, error: 'request failed: timed out' });
  });

  it('the receiver stopping aborts the attempt in flight', async () => {
    loop.queue.push({ status: 200, delayMs: 3000 });
    const stop = new AbortController();
    const before = loop.arrived.length;
    const pending = postJson({ url: loop.url, body: '{}', attempt: attempt(10_000, stop.signal) });
    // In flight: the destination has the request and holds its answer.
    await loop.waitFor((l) => l.arrived.length > before);
    stop.abort();
    expect(await pending).toMatchObject({ ok: false, retryable: true, status: null });
  });

  it('a redirect is not followed: the alert goes only where the configuration says, and is resent', async () => {
    const before = loop.requests.length;
    loop.queue.push({ status: 307, headers: { location: `${loop.url}elsewhere` } });
    const outcome = await postJson({ url: loop.url, body: '{}', attempt: attempt(2000) });
    expect(outcome).toMatchObject({ ok: false, retryable: true, status: null });
    expect(loop.requests.length).toBe(before + 1);
  });

  it('a 2xx over a kept-alive connection, twice', async () => {
    for (let i = 0; i < 2; i++)
      expect(await postJson({ url: loop.url, body: '{}', attempt: attempt(2000) })).toEqual({
        ok: true,
        status: 200,
      });
  });
});
