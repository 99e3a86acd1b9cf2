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

/**
 * A seen-set kept as a record `{ [webhookId]: untilMs }` where a platform gives a receiver only a
 * small saved value (n8n's static data, an Activepieces flow's store): whether `id` is new at
 * `nowMs`, and the record to save back (expired ids dropped, `id` kept until `untilMs` when new,
 * the `cap` latest kept).
 */
export function seenRecord(
  stored: unknown,
  id: string,
  nowMs: number,
  untilMs: number,
  cap: number,
): { fresh: boolean; entries: Record<string, number> } {
  const live = Object.entries(stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {})
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > nowMs)
    .sort((a, b) => a[1] - b[1]);
  const fresh = !live.some(([key]) => key === id);
  if (fresh) live.push([id, untilMs]);
  return { fresh, entries: Object.fromEntries(live.slice(-cap)) };
}
