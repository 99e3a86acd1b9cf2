// Every backoff formula of the suite, once. Three senders wait for different reasons, so there are
// three shapes, each a pure function (the caller hands in `random`):
// - a client (the client package, the n8n node) resending to the service: full jitter, so clients
//   that failed together do not come back together (`backoffMs`; `retryDecision` prefers Retry-After);
// - the service's alert sender (the emulator's): the document's published schedule, fixed, so a
//   receiver can size its dedupe window from it (`scheduledBackoffMs`, for `deliveryRetryDecision`);
// - the receiver's outbox: the operator's policy (initial, factor, max) with equal jitter, and a
//   destination's own delay honoured beyond the policy up to a ceiling (`policyBackoffMs`).

/** Exponential backoff with full jitter: a random wait in [0, base * 2^attempt), capped. */
export function backoffMs(attempt: number, baseMs: number, capMs: number, random: () => number): number {
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** attempt));
}

/** The schedule's pause after failed attempt `attempt` (1-based), its last step past its end. */
export function scheduledBackoffMs(backoffSeconds: readonly number[], attempt: number): number {
  return (backoffSeconds[attempt - 1] ?? backoffSeconds.at(-1) ?? 0) * 1000;
}

/** A configurable exponential backoff (the receiver's `retry` block). */
export interface BackoffPolicy {
  initialDelayMs: number;
  factor: number;
  maxDelayMs: number;
}

/**
 * The longest a destination's own delay (Retry-After, Discord's retry_after) is honoured: longer
 * ones are cut to this, so a bogus date cannot park a destination for a year.
 */
export const RETRY_AFTER_CEILING_MS = 24 * 60 * 60 * 1000;

/** Spread added to a destination's own delay, so the rows it paused do not all return in one instant. */
const RETRY_AFTER_SPREAD_MS = 250;

/**
 * Exponential with equal jitter after `attempts` failed attempts: half fixed, half random, so
 * retries spread out without collapsing to zero; capped at the policy's maximum.
 */
export function equalJitterBackoffMs(policy: BackoffPolicy, attempts: number, random: () => number): number {
  const exp = Math.min(policy.maxDelayMs, policy.initialDelayMs * policy.factor ** Math.max(0, attempts - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** A destination's own delay, honoured beyond any policy maximum up to `RETRY_AFTER_CEILING_MS`. */
export function honouredRetryAfterMs(retryAfterMs: number, random: () => number): number {
  return Math.min(
    RETRY_AFTER_CEILING_MS,
    Math.max(0, retryAfterMs) + Math.floor(random() * RETRY_AFTER_SPREAD_MS),
  );
}

/**
 * Delay before the next attempt after `attempts` failed ones: the destination's own request when it
 * gave one (the caller warns when it exceeds the policy's maximum), else the policy's equal jitter.
 */
export function policyBackoffMs(
  policy: BackoffPolicy,
  attempts: number,
  retryAfterMs: number | undefined,
  random: () => number,
): number {
  return retryAfterMs === undefined
    ? equalJitterBackoffMs(policy, attempts, random)
    : honouredRetryAfterMs(retryAfterMs, random);
}
