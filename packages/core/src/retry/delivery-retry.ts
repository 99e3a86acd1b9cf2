// The alert sender's retry rule, from the document's delivery schedule (`x-trackerkit-delivery`:
// attempts, backoff, the longest Retry-After honoured): the one place it is decided, for the
// emulator's webhook and e-mail senders; `retrySpanSeconds` (signing/dedupe-window.ts) measures
// the same schedule for receivers. Not the client's `backoffMs` (both are in retry/backoff.ts): the
// service's schedule is fixed, not random, and a receiver's Retry-After never adds attempts.
import { WEBHOOK_DELIVERY } from '../generated/limits.ts';
import type { DeliverySchedule } from '../signing/dedupe-window.ts';
import { scheduledBackoffMs } from './backoff.ts';

export type DeliveryRetryDecision =
  | { retry: true; waitMs: number }
  /** `retryAfterTooLong`: the receiver asked for a longer pause than the schedule honours. */
  | { retry: false; retryAfterTooLong?: true };

/**
 * After attempt `attempt` (1-based) of a delivery failed: stop, or wait and send again. The wait is
 * the schedule's backoff for that attempt (its last one past the end), or the receiver's
 * `Retry-After` (`retryAfterMs`, parsed by `parseRetryAfter`) when longer; one longer than the
 * schedule's maximum ends the delivery. `final`: the receiver refused for good (401, 410).
 */
export function deliveryRetryDecision(
  attempt: number,
  failure: { final?: boolean | undefined; retryAfterMs?: number | undefined },
  schedule: Pick<
    DeliverySchedule,
    'attempts' | 'backoff_seconds' | 'retry_after_max_seconds'
  > = WEBHOOK_DELIVERY,
): DeliveryRetryDecision {
  if (failure.final === true || attempt >= schedule.attempts) return { retry: false };
  const asked = failure.retryAfterMs ?? 0;
  if (asked > schedule.retry_after_max_seconds * 1000) return { retry: false, retryAfterTooLong: true };
  return { retry: true, waitMs: Math.max(scheduledBackoffMs(schedule.backoff_seconds, attempt), asked) };
}
