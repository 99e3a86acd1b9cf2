// Milliseconds to wait after a 429. The service documents no rate-limit headers beyond Retry-After
// (seconds or an HTTP date); without it, back off exponentially.
export function retryAfterMs(header: unknown, attempt: number, nowMs: number): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value === 'string' || typeof value === 'number') {
    const text = String(value).trim();
    if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
    const date = Date.parse(text);
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  }
  return Math.min(60_000, 1000 * 2 ** attempt);
}
