import type { RetryPolicy } from '../config/types.ts';

/**
 * Delay before the next attempt after `attempts` failed ones: exponential with equal jitter
 * (half fixed, half random, so retries spread out without collapsing to zero), or the
 * destination's own request (429 / Retry-After / retry_after) when it gave one, capped at
 * the policy's maximum.
 */
export function backoffDelay(
  policy: RetryPolicy,
  attempts: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) {
    return Math.min(policy.maxDelayMs, Math.max(0, retryAfterMs) + Math.floor(random() * 250));
  }
  const exp = Math.min(policy.maxDelayMs, policy.initialDelayMs * policy.factor ** Math.max(0, attempts - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}
