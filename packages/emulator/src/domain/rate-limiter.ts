import { type RateWindow, retryAfterSeconds, windowState } from '@trackerkit/core';
import type { RequestLimiter } from '../app.ts';
import type { Clock } from '../clock.ts';
import { Refusal } from '../errors/errors.ts';

/**
 * The service's side of the core's sliding window (`windowState`), per account and operation, on
 * the emulator clock: a request is counted when it arrives, and one over the limit is refused as
 * rate-limited, with its `Retry-After` (whole seconds until the oldest request in the window leaves it).
 */
export class RateLimiter implements RequestLimiter {
  readonly #clock: Clock;
  readonly #hits = new Map<string, number[]>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Forgets every window (a reset). */
  clear(): void {
    this.#hits.clear();
  }

  take(key: string, window: RateWindow): void {
    const now = this.#clock.now();
    const { recent, waitMs } = windowState(this.#hits.get(key) ?? [], now, window);
    this.#hits.set(key, recent);
    if (waitMs !== 0) {
      // null only for a limit of 0, which no operation has: a whole window, then.
      const retryAfter = retryAfterSeconds(waitMs ?? window.windowMs);
      throw new Refusal(
        'rate_limited',
        `Rate limit exceeded: ${window.limit} requests per ${window.windowMs / 1000} seconds`,
        retryAfter,
      );
    }
    recent.push(now);
  }
}
