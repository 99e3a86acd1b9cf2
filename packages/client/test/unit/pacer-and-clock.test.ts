import { createPacer } from '@trackerkit/core';
import { describe, expect, it } from 'vitest';
import { createVirtualClock, LIMITS } from '../../src/index.ts';

const WINDOW = LIMITS.uploadWindowSeconds * 1000;

describe('createPacer', () => {
  it('never lets more than the limit through in any window', async () => {
    const clock = createVirtualClock();
    const pacer = createPacer(clock, { limit: LIMITS.uploadsPerWindow, windowMs: WINDOW });
    const stamps: number[] = [];
    for (let i = 0; i < LIMITS.uploadsPerWindow * 3 + 1; i++) {
      const release = await pacer.acquire();
      stamps.push(clock.now());
      clock.advance(250); // each request takes a while
      release();
    }
    for (const t of stamps) {
      expect(stamps.filter((s) => s >= t && s < t + WINDOW).length).toBeLessThanOrEqual(
        LIMITS.uploadsPerWindow,
      );
    }
    // A window starts when the oldest request of the last one was answered.
    expect(stamps[LIMITS.uploadsPerWindow]).toBe(250 + WINDOW);
  });

  it('counts requests in flight and wakes waiters on release', async () => {
    const clock = createVirtualClock();
    const pacer = createPacer(clock, { limit: 2, windowMs: WINDOW });
    const a = await pacer.acquire();
    await pacer.acquire();
    let third = false;
    const pending = pacer.acquire().then((r) => {
      third = true;
      return r;
    });
    await new Promise((r) => setImmediate(r));
    expect(third).toBe(false);
    a();
    await pending;
    expect(third).toBe(true);
    expect(clock.now()).toBe(WINDOW);
  });

  it('gives up when the signal aborts', async () => {
    const pacer = createPacer(createVirtualClock(), { limit: 1, windowMs: WINDOW });
    await pacer.acquire();
    const controller = new AbortController();
    const pending = pacer.acquire(controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(pending).rejects.toThrow('cancelled');
  });
});

describe('createVirtualClock', () => {
  it('moves time on sleep; overlapping sleeps do not add up', async () => {
    const clock = createVirtualClock(1_000);
    await Promise.all([clock.sleep(500), clock.sleep(300)]);
    expect(clock.now()).toBe(1_500);
    await clock.sleep(200);
    expect(clock.now()).toBe(1_700);
    clock.advance(-5);
    expect(clock.now()).toBe(1_700);
  });
});
