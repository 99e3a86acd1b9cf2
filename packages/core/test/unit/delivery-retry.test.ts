import { describe, expect, it } from 'vitest';
import { type DeliveryRetryDecision, deliveryRetryDecision, WEBHOOK_DELIVERY } from '../../src/index.ts';

describe("deliveryRetryDecision: the alert sender's schedule, from the document", () => {
  it('the document gives 3 attempts, 1 s then 5 s apart, Retry-After honoured up to 60 s', () => {
    expect(WEBHOOK_DELIVERY).toMatchObject({
      attempts: 3,
      backoff_seconds: [1, 5],
      retry_after_max_seconds: 60,
    });
  });

  const cases: Array<[string, [number, { final?: boolean; retryAfterMs?: number }], DeliveryRetryDecision]> =
    [
      ['after the first attempt: the first backoff', [1, {}], { retry: true, waitMs: 1000 }],
      ['after the second: the second backoff', [2, {}], { retry: true, waitMs: 5000 }],
      ['after the last: stop', [3, {}], { retry: false }],
      ['a longer Retry-After wins', [1, { retryAfterMs: 30_000 }], { retry: true, waitMs: 30_000 }],
      [
        'a shorter Retry-After does not shorten the backoff',
        [2, { retryAfterMs: 2000 }],
        { retry: true, waitMs: 5000 },
      ],
      [
        'Retry-After at the limit is honoured',
        [1, { retryAfterMs: 60_000 }],
        { retry: true, waitMs: 60_000 },
      ],
      [
        'Retry-After past the limit stops',
        [1, { retryAfterMs: 60_001 }],
        { retry: false, retryAfterTooLong: true },
      ],
      ['Retry-After never adds an attempt', [3, { retryAfterMs: 1000 }], { retry: false }],
      ['a final refusal stops at once', [1, { final: true }], { retry: false }],
    ];
  it.each(cases)('%s', (_, [attempt, failure], want) => {
    expect(deliveryRetryDecision(attempt, failure)).toEqual(want);
  });

  it('past the end of a shorter schedule, its last backoff', () => {
    const schedule = { attempts: 5, backoff_seconds: [2], retry_after_max_seconds: 10 };
    expect(deliveryRetryDecision(4, {}, schedule)).toEqual({ retry: true, waitMs: 2000 });
  });
});
