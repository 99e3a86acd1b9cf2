import { describe, expect, it } from 'vitest';
import { dedupeWindowMs, retrySpanSeconds } from '../../src/signing/index.ts';

describe('dedupeWindowMs', () => {
  const quick = { attempts: 2, timeout_seconds: 1, backoff_seconds: [1], retry_after_max_seconds: 2 };
  const cases: [string, { given: Parameters<typeof dedupeWindowMs>; want: number }][] = [
    // The document's schedule: 3 × 10 s + 2 × 60 s = 150 s, shorter than 2 × 300 s.
    ['the default tolerance', { given: [300], want: 600_000 }],
    ['a short tolerance: the retry span decides', { given: [30], want: 150_000 }],
    ['a long tolerance', { given: [3600], want: 7_200_000 }],
    ['another schedule', { given: [1, quick], want: 4000 }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(dedupeWindowMs(...given)).toBe(want);
  });

  it('covers the whole retry schedule of the document', () => {
    expect(retrySpanSeconds()).toBe(150);
  });
});
