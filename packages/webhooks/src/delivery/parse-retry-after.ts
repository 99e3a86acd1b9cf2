import { parseRetryAfter as parseHeader } from '@trackerkit/client';

/** `Retry-After` as seconds or an HTTP date → milliseconds from now; undefined if absent or unreadable. */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number = Date.now(),
): number | undefined {
  return parseHeader(value ?? null, nowMs);
}
