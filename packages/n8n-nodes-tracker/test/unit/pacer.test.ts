import { LIMITS } from '@trackerkit/client';
import { describe, expect, it } from 'vitest';
import { SlidingWindowPacer } from '../../nodes/shared/pacer';
import { retryAfterMs } from '../../nodes/shared/retry-after';

function fakeClock() {
  let now = 0;
  const waits: number[] = [];
  return {
    now: () => now,
    wait: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    waits,
  };
}

describe('SlidingWindowPacer', () => {
  it('lets the first uploadsPerWindow requests through and makes the next one wait for the window', async () => {
    const clock = fakeClock();
    const pacer = new SlidingWindowPacer(
      LIMITS.uploadsPerWindow,
      LIMITS.uploadWindowSeconds * 1000,
      clock.now,
      clock.wait,
    );
    for (let i = 0; i < LIMITS.uploadsPerWindow; i++) await pacer.acquire();
    expect(clock.waits).toEqual([]);
    await pacer.acquire();
    expect(clock.waits).toEqual([LIMITS.uploadWindowSeconds * 1000]);
  });

  it('waits only until the oldest request leaves the window', async () => {
    const clock = fakeClock();
    const pacer = new SlidingWindowPacer(2, 1000, clock.now, clock.wait);
    await pacer.acquire();
    await clock.wait(400);
    await pacer.acquire();
    await pacer.acquire();
    expect(clock.waits).toEqual([400, 600]);
  });
});

describe('retryAfterMs', () => {
  it.each([
    ['seconds', { given: '7', want: 7000 }],
    ['fractional seconds', { given: '0.5', want: 500 }],
    ['an HTTP date', { given: new Date(10_000).toUTCString(), want: 10_000 }],
    ['absent: exponential backoff', { given: undefined, want: 4000 }],
  ])('%s', (_, { given, want }) => {
    expect(retryAfterMs(given, 2, 0)).toBe(want);
  });
});
