import type { DeliveryOutcome } from './types.ts';

/**
 * What one attempt says about the message and about the destination, kept apart so that a
 * message failing for its own reasons never stalls the others:
 * - `delivered`: 2xx. The destination is up.
 * - `refused`: the destination answered and refused this message (a 4xx other than 408, 409 and
 *   429, an SMTP 5xx): dead-lettered at once. The destination is up: it answered.
 * - `wait`: 429 (slow down) or 409 (the same idempotency key is still in flight). Retried after its
 *   delay (or the backoff); never a failure of the destination.
 * - `failed`: a transport failure, timeout, 5xx or 408 (what core's `mayResend` resends). Retried;
 *   counts toward the breaker.
 * - `unsendable`: the message could not be prepared or sent (an alert nested too deep to format);
 *   dead-lettered at once. Says nothing about the destination.
 */
export type Verdict = 'delivered' | 'refused' | 'wait' | 'failed' | 'unsendable';

export function classifyOutcome(outcome: DeliveryOutcome): Verdict {
  if (outcome.ok) return 'delivered';
  if (!outcome.retryable) return outcome.status === null ? 'unsendable' : 'refused';
  return outcome.status === 429 || outcome.status === 409 ? 'wait' : 'failed';
}
