import type { Clock } from '../clock.ts';
import { HttpError } from '../http/errors.ts';

export interface RateRule {
  requests: number;
  windowSeconds: number;
}

/**
 * Sliding-window limits per account and rule, on the emulator clock. A request over the limit gets
 * 429 with `Retry-After`: whole seconds until the oldest request in the window leaves it.
 */
export class RateLimiter {
  readonly #clock: Clock;
  readonly #hits = new Map<string, number[]>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Forgets every window (a reset). */
  clear(): void {
    this.#hits.clear();
  }

  take(key: string, rule: RateRule): void {
    const now = this.#clock.now();
    const windowMs = rule.windowSeconds * 1000;
    const hits = (this.#hits.get(key) ?? []).filter((t) => t > now - windowMs);
    if (hits.length >= rule.requests) {
      const oldest = hits[0] ?? now;
      const retryAfter = Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
      this.#hits.set(key, hits);
      throw new HttpError(
        429,
        `Rate limit exceeded: ${rule.requests} requests per ${rule.windowSeconds} seconds`,
        { 'retry-after': String(retryAfter) },
      );
    }
    hits.push(now);
    this.#hits.set(key, hits);
  }
}
