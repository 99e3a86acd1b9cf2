import { WEBHOOK_DELIVERY } from '@trackerkit/client';
import { describe, expect, it } from 'vitest';
import { type AttemptOutcome, parseRetryAfter, withRetries } from '../../src/alerts/retry.ts';

const NOW = Date.parse('2030-01-01T00:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    ['absent', { given: null, want: null }],
    ['delta seconds', { given: '7', want: 7 }],
    ['padded', { given: ' 3 ', want: 3 }],
    ['an HTTP-date', { given: 'Tue, 01 Jan 2030 00:00:30 GMT', want: 30 }],
    ['a past HTTP-date', { given: 'Mon, 31 Dec 2029 23:00:00 GMT', want: 0 }],
    ['garbage', { given: 'soon', want: null }],
    ['negative', { given: '-1', want: null }],
  ])('%s', (_, { given, want }) => {
    expect(parseRetryAfter(given, NOW)).toBe(want);
  });
});

describe('withRetries', () => {
  const policy = { backoffSeconds: [0, 0], retryAfterMaxSeconds: 5 };
  const replay = (outcomes: AttemptOutcome[]) => {
    let n = 0;
    return async () => outcomes[n++] ?? { ok: true };
  };

  it.each([
    ['first try', { given: [{ ok: true }], want: { ok: true, attempts: 1, error: null } }],
    [
      'never more than the document’s attempts',
      {
        given: Array(10).fill({ ok: false, error: 'HTTP 429', retryAfterSeconds: 0 }),
        want: { ok: false, attempts: WEBHOOK_DELIVERY.attempts, error: 'HTTP 429' },
      },
    ],
    [
      'final stops at once',
      { given: [{ ok: false, final: true, error: 'HTTP 410' }], want: { ok: false, attempts: 1 } },
    ],
    [
      'Retry-After past the limit stops',
      {
        given: [{ ok: false, error: 'HTTP 429', retryAfterSeconds: 6 }],
        want: { ok: false, attempts: 1 },
      },
    ],
  ])('%s', async (_, { given, want }) => {
    expect(await withRetries(replay(given as AttemptOutcome[]), policy)).toMatchObject(want);
  });
});
