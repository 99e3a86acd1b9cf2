import { describe, expect, it } from 'vitest';
import { LIMITS, rateWindow, retryAfterSeconds, windowState } from '../../src/index.ts';

const NOW = 1_000_000;
const WINDOW = rateWindow({ requests: 3, window_seconds: 60 });

describe('rateWindow', () => {
  it('reads an x-rate-limit', () => expect(WINDOW).toEqual({ limit: 3, windowMs: 60_000 }));
});

describe('windowState (both sides of a rate limit)', () => {
  it.each<
    [
      string,
      { given: { stamps: number[]; pending?: number }; want: { recent: number[]; waitMs: number | null } },
    ]
  >([
    ['empty', { given: { stamps: [] }, want: { recent: [], waitMs: 0 } }],
    [
      'room for one more',
      { given: { stamps: [NOW - 2, NOW - 1] }, want: { recent: [NOW - 2, NOW - 1], waitMs: 0 } },
    ],
    [
      'full: until the oldest leaves',
      {
        given: { stamps: [NOW - 50_000, NOW - 2, NOW - 1] },
        want: { recent: [NOW - 50_000, NOW - 2, NOW - 1], waitMs: 10_000 },
      },
    ],
    [
      'a stamp exactly one window old has left',
      {
        given: { stamps: [NOW - 60_000, NOW - 2, NOW - 1] },
        want: { recent: [NOW - 2, NOW - 1], waitMs: 0 },
      },
    ],
    [
      'pending requests count (the client side)',
      { given: { stamps: [NOW - 30_000], pending: 2 }, want: { recent: [NOW - 30_000], waitMs: 30_000 } },
    ],
    [
      'full of pending ones only: wait for one',
      { given: { stamps: [], pending: 3 }, want: { recent: [], waitMs: null } },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(windowState(given.stamps, NOW, WINDOW, given.pending)).toEqual(want);
  });
});

describe('retryAfterSeconds (the server side)', () => {
  it.each<[string, { given: number; want: number }]>([
    ['whole seconds', { given: 30_000, want: 30 }],
    ['rounded up', { given: 29_001, want: 30 }],
    ['never 0', { given: 1, want: 1 }],
    ['never 0, even at once', { given: 0, want: 1 }],
  ])('%s', (_name, { given, want }) => {
    expect(retryAfterSeconds(given)).toBe(want);
  });
});

describe('the upload limit, paced and enforced', () => {
  it('a client that waits as told by the pacer is never over the limit the server counts', () => {
    const window = rateWindow({
      requests: LIMITS.uploadsPerWindow,
      window_seconds: LIMITS.uploadWindowSeconds,
    });
    // The server stamps arrivals; the client (answers come back 100 ms after arrival) its answers.
    const arrivals: number[] = [];
    const answers: number[] = [];
    let now = NOW;
    for (let i = 0; i < 3 * LIMITS.uploadsPerWindow; i++) {
      const { waitMs } = windowState(answers, now, window);
      now += waitMs ?? 0;
      expect(windowState(arrivals, now, window).waitMs).toBe(0);
      arrivals.push(now);
      now += 100;
      answers.push(now);
    }
  });
});
