import { describe, expect, it } from 'vitest';
import { policyBackoffMs, RETRY_AFTER_CEILING_MS } from '../../src/index.ts';
import { equalJitterBackoffMs, honouredRetryAfterMs, scheduledBackoffMs } from '../../src/retry/backoff.ts';

// The receiver's defaults shape: 1 s, ×4, at most a minute.
const POLICY = { initialDelayMs: 1000, factor: 4, maxDelayMs: 60_000 };
const DAY = 86_400_000;

// backoffMs (full jitter, the client and the n8n node) has its table in retry.test.ts.

describe('scheduledBackoffMs (the service alert sender, fixed)', () => {
  it.each<[string, { given: { schedule: number[]; attempt: number }; want: number }]>([
    ['first step', { given: { schedule: [1, 5, 30], attempt: 1 }, want: 1000 }],
    ['last step', { given: { schedule: [1, 5, 30], attempt: 3 }, want: 30_000 }],
    ['past the end repeats the last', { given: { schedule: [1, 5, 30], attempt: 9 }, want: 30_000 }],
    ['an empty schedule waits nothing', { given: { schedule: [], attempt: 1 }, want: 0 }],
  ])('%s', (_name, { given, want }) => {
    expect(scheduledBackoffMs(given.schedule, given.attempt)).toBe(want);
  });
});

describe('equalJitterBackoffMs (the receiver’s policy)', () => {
  it.each<[string, { given: { attempts: number; random: number }; want: number }]>([
    ['first retry, jitter low', { given: { attempts: 1, random: 0 }, want: 500 }],
    ['first retry, jitter high', { given: { attempts: 1, random: 1 }, want: 1000 }],
    ['grows by the factor', { given: { attempts: 3, random: 0 }, want: 8000 }],
    ['capped, half fixed', { given: { attempts: 9, random: 0 }, want: 30_000 }],
    ['capped, all of it', { given: { attempts: 9, random: 1 }, want: 60_000 }],
    ['attempt 0 counts as the first', { given: { attempts: 0, random: 0.5 }, want: 750 }],
  ])('%s', (_name, { given, want }) => {
    expect(equalJitterBackoffMs(POLICY, given.attempts, () => given.random)).toBe(want);
  });
});

describe('honouredRetryAfterMs (a destination’s own delay)', () => {
  it.each<[string, { given: { retryAfterMs: number; random: number }; want: number }]>([
    ['as asked', { given: { retryAfterMs: 7000, random: 0 }, want: 7000 }],
    ['spread by up to 250 ms', { given: { retryAfterMs: 7000, random: 0.5 }, want: 7125 }],
    ['beyond the policy maximum', { given: { retryAfterMs: 10_000_000, random: 0 }, want: 10_000_000 }],
    ['cut to a day', { given: { retryAfterMs: 400 * DAY, random: 0 }, want: DAY }],
    ['a negative one is now', { given: { retryAfterMs: -5, random: 0 }, want: 0 }],
  ])('%s', (_name, { given, want }) => {
    expect(honouredRetryAfterMs(given.retryAfterMs, () => given.random)).toBe(want);
  });
  it('the ceiling is a day', () => expect(RETRY_AFTER_CEILING_MS).toBe(DAY));
});

describe('policyBackoffMs', () => {
  it.each<[string, { given: { attempts: number; retryAfterMs: number | undefined }; want: number }]>([
    ['no Retry-After: the policy', { given: { attempts: 2, retryAfterMs: undefined }, want: 2000 }],
    ['a Retry-After wins, shorter', { given: { attempts: 5, retryAfterMs: 100 }, want: 100 }],
    ['a Retry-After wins, longer', { given: { attempts: 1, retryAfterMs: 90_000 }, want: 90_000 }],
  ])('%s', (_name, { given, want }) => {
    expect(policyBackoffMs(POLICY, given.attempts, given.retryAfterMs, () => 0)).toBe(want);
  });
});
