// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import type { DeliverySchedule } from '../signing/dedupe-window';
export type DeliveryRetryDecision = {
    retry: true;
    waitMs: number;
}
/** `retryAfterTooLong`: the receiver asked for a longer pause than the schedule honours. */
 | {
    retry: false;
    retryAfterTooLong?: true;
};
/**
 * After attempt `attempt` (1-based) of a delivery failed: stop, or wait and send again. The wait is
 * the schedule's backoff for that attempt (its last one past the end), or the receiver's
 * `Retry-After` (`retryAfterMs`, parsed by `parseRetryAfter`) when longer; one longer than the
 * schedule's maximum ends the delivery. `final`: the receiver refused for good (401, 410).
 */
export declare function deliveryRetryDecision(attempt: number, failure: {
    final?: boolean | undefined;
    retryAfterMs?: number | undefined;
}, schedule?: Pick<DeliverySchedule, 'attempts' | 'backoff_seconds' | 'retry_after_max_seconds'>): DeliveryRetryDecision;
