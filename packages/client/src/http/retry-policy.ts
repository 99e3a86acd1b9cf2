// When to retry and how long to wait. A POST may start a run or store data twice, so it is resent
// only when the service certainly did not act on it: a 429, or a connection refused before sending.

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH']);

/**
 * PATCH is treated as idempotent: this service's PATCH sets fields to the values sent, so sending it
 * twice leaves the same state.
 */
const isIdempotent = (method: string): boolean => IDEMPOTENT.has(method);

export type Outcome =
  | { kind: 'status'; status: number }
  | { kind: 'refused' }
  | { kind: 'network' }
  | { kind: 'timeout' };

export function shouldRetry(method: string, outcome: Outcome): boolean {
  if (outcome.kind === 'refused') return true;
  if (outcome.kind === 'status') {
    if (outcome.status === 429) return true;
    return outcome.status >= 500 && isIdempotent(method);
  }
  return isIdempotent(method);
}

/** Exponential backoff with full jitter: a random wait in [0, base * 2^attempt), capped. */
export function backoffMs(attempt: number, baseMs: number, capMs: number, random: () => number): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/** `Retry-After` as delay-seconds or an HTTP-date, in milliseconds from `nowMs`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  // HTTP-dates start with a day name; anything else ("-5", "2026") is unreadable.
  if (!/^[A-Za-z]/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** True when fetch failed because the connection was refused, before any byte of the request was sent. */
export function isConnectionRefused(error: unknown): boolean {
  const cause = (error as { cause?: unknown })?.cause;
  const code = (e: unknown) => (e as { code?: unknown })?.code;
  if (code(cause) === 'ECONNREFUSED') return true;
  // Happy eyeballs reports one error per address tried.
  const errors = (cause as { errors?: unknown[] })?.errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every((e) => code(e) === 'ECONNREFUSED');
}
