import { rateWindow } from '@trackerkit/core';
import { describe, expect, it } from 'vitest';
import { createClock } from '../../src/clock.ts';
import { RateLimiter } from '../../src/domain/rate-limiter.ts';
import { Refusal } from '../../src/errors/errors.ts';
import { refusalReply } from '../../src/http/error-reply.ts';

const START = Date.UTC(2026, 10, 28);

/** What the nth request (at `at` ms after the start) is answered: 'ok' or its Retry-After. */
function answers(rule: { requests: number; window_seconds: number }, at: number[]): Array<'ok' | string> {
  const clock = createClock('manual', START);
  const limiter = new RateLimiter(clock);
  return at.map((ms) => {
    clock.set(START + ms);
    try {
      limiter.take('acc:op', rateWindow(rule));
      return 'ok';
    } catch (error) {
      expect(error).toBeInstanceOf(Refusal);
      return refusalReply(error as Refusal).headers?.['retry-after'] ?? 'no retry-after';
    }
  });
}

describe('RateLimiter (the core window, counted on arrival)', () => {
  it.each<
    [string, { given: { rule: { requests: number; window_seconds: number }; at: number[] }; want: string[] }]
  >([
    [
      'under the limit',
      { given: { rule: { requests: 2, window_seconds: 60 }, at: [0, 1] }, want: ['ok', 'ok'] },
    ],
    [
      'over it: whole seconds until the oldest leaves',
      { given: { rule: { requests: 2, window_seconds: 60 }, at: [0, 1, 30_500] }, want: ['ok', 'ok', '30'] },
    ],
    [
      'a refused request is not counted',
      {
        given: { rule: { requests: 1, window_seconds: 60 }, at: [0, 10_000, 60_000] },
        want: ['ok', '50', 'ok'],
      },
    ],
    [
      'never Retry-After 0',
      { given: { rule: { requests: 1, window_seconds: 1 }, at: [0, 999] }, want: ['ok', '1'] },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(answers(given.rule, given.at)).toEqual(want);
  });
});
