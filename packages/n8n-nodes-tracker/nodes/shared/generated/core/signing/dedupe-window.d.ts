// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
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
export declare function retrySpanSeconds(delivery?: DeliverySchedule): number;
/**
 * Milliseconds after a delivery is accepted during which a copy of it can still arrive and pass
 * verification: the same signed message until its timestamp (at most `toleranceSeconds` ahead of
 * the receipt) is `toleranceSeconds` old, so 2 × tolerance; the sender's re-sends within its retry
 * span. A receiver that remembers the id this long drops every duplicate; one that forgets sooner
 * can start the same alert twice.
 */
export declare function dedupeWindowMs(toleranceSeconds: number, delivery?: DeliverySchedule): number;
/**
 * A seen-set kept as a record `{ [webhookId]: untilMs }` where a platform gives a receiver only a
 * small saved value (n8n's static data, an Activepieces flow's store): whether `id` is new at
 * `nowMs`, and the record to save back (expired ids dropped, `id` kept until `untilMs` when new,
 * the `cap` latest kept).
 */
export declare function seenRecord(stored: unknown, id: string, nowMs: number, untilMs: number, cap: number): {
    fresh: boolean;
    entries: Record<string, number>;
};
