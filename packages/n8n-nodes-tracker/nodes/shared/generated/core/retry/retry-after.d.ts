// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
/**
 * `Retry-After` (RFC 9110 §10.2.3) as milliseconds from `nowMs`: delay-seconds or an HTTP-date.
 * Undefined when absent or unreadable ("-5", "2026", "soon"): the caller then uses its own backoff,
 * never "at once".
 */
export declare function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined;
