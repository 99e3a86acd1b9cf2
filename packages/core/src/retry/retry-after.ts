/**
 * `Retry-After` (RFC 9110 §10.2.3) as milliseconds from `nowMs`: delay-seconds or an HTTP-date.
 * Undefined when absent or unreadable ("-5", "2026", "soon"): the caller then uses its own backoff,
 * never "at once".
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  // HTTP-dates start with a day name; anything else is unreadable.
  if (!/^[A-Za-z]/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
