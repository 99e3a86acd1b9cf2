// Time is injectable so pacing, backoff and run polling can be tested and benchmarked without waiting.
import { setTimeout as delay } from 'node:timers/promises';

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  async sleep(ms, signal) {
    signal?.throwIfAborted();
    if (ms <= 0) return;
    // Rejects with the caller's reason, as every other cancellation in the client does.
    await delay(ms, undefined, { signal }).catch((error: unknown) => {
      throw signal?.aborted ? signal.reason : error;
    });
  },
};

export interface VirtualClock extends Clock {
  /** Moves time forward by `ms` (never backward). */
  advance(ms: number): void;
}

/**
 * A clock whose time moves only when someone sleeps or calls `advance`. A sleep ends at once, with
 * the time set to at least its wake-up instant; overlapping sleeps do not add up.
 */
export function createVirtualClock(startMs = 0): VirtualClock {
  let now = startMs;
  return {
    now: () => now,
    advance(ms) {
      now += Math.max(0, ms);
    },
    async sleep(ms, signal) {
      signal?.throwIfAborted();
      const wake = now + Math.max(0, ms);
      // Yield to the event loop so a sleeping loop cannot starve sockets and timers.
      await new Promise<void>((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
      now = Math.max(now, wake);
    },
  };
}
