import { WEBHOOK_DELIVERY } from '@trackerkit/core';
import { describe, expect, it } from 'vitest';
import { type AttemptOutcome, withRetries } from '../../src/alerts/retry.ts';

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
