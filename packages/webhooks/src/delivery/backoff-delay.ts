import type { RetryPolicy } from '../config/types.ts';

/**
 * The longest a destination's own delay (Retry-After, Discord's retry_after) is honoured: longer
 * ones are cut to this, so a bogus date cannot park a destination for a year.
 */
export const RETRY_AFTER_CEILING_MS = 24 * 60 * 60 * 1000;

/**
 * Delay before the next attempt after `attempts` failed ones: exponential with equal jitter
 * (half fixed, half random, so retries spread out without collapsing to zero), capped at the
 * policy's maximum; or the destination's own request (429 / Retry-After / retry_after) when it
 * gave one, honoured beyond the policy's maximum up to `RETRY_AFTER_CEILING_MS` (the caller warns
 * when it exceeds `max_delay`).
 */
export function backoffDelay(
  policy: RetryPolicy,
  attempts: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) {
    return Math.min(RETRY_AFTER_CEILING_MS, Math.max(0, retryAfterMs) + Math.floor(random() * 250));
  }
  const exp = Math.min(policy.maxDelayMs, policy.initialDelayMs * policy.factor ** Math.max(0, attempts - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}
