// How long a receiver of the suite's alerts remembers a delivery's `webhook-id` to drop duplicates.
// One rule for every receiver: the n8n Alert Trigger keeps ids in memory for this long; the
// trackerkit receiver keeps them as a unique key of the alerts it stores, so its alert retention
// may not be shorter.
import { WEBHOOK_DELIVERY } from '../generated/limits.ts';

/** The sender's retry schedule, as the document's `x-trackerkit-delivery` gives it. */
export interface DeliverySchedule {
  readonly attempts: number;
  readonly timeout_seconds: number;
  readonly backoff_seconds: readonly number[];
  readonly retry_after_max_seconds: number;
}

/**
 * The longest the sender goes on re-sending one delivery (the same `webhook-id`, signed afresh each
 * time): every attempt running into its timeout, every pause the longest `Retry-After` honoured.
 */
export function retrySpanSeconds(delivery: DeliverySchedule = WEBHOOK_DELIVERY): number {
  const longestPause = Math.max(delivery.retry_after_max_seconds, ...delivery.backoff_seconds);
  return delivery.attempts * delivery.timeout_seconds + (delivery.attempts - 1) * longestPause;
}

/**
 * Milliseconds after a delivery is accepted during which a copy of it can still arrive and pass
 * verification: the same signed message until its timestamp (at most `toleranceSeconds` ahead of
 * the receipt) is `toleranceSeconds` old, so 2 × tolerance; the sender's re-sends within its retry
 * span. A receiver that remembers the id this long drops every duplicate; one that forgets sooner
 * can start the same alert twice.
 */
export function dedupeWindowMs(
  toleranceSeconds: number,
  delivery: DeliverySchedule = WEBHOOK_DELIVERY,
): number {
  return Math.max(2 * toleranceSeconds, retrySpanSeconds(delivery)) * 1000;
}
