import { createHash, hash, timingSafeEqual } from 'node:crypto';
import { getHeader, type HeaderSource } from '../net/headers.ts';

/** The body as bytes; strings are UTF-8. Never re-encodes bytes, so signatures see the exact bytes. */
export const toBytes = (body: Uint8Array | string): Uint8Array =>
  typeof body === 'string' ? Buffer.from(body, 'utf8') : body;

/** What safeEqual compares: a one-shot SHA-256 (no Hash object per side). */
const digest = (value: Uint8Array | string): Buffer => hash('sha256', value, 'buffer');

/**
 * Constant-time equality. Both sides are hashed first so that neither their contents nor their
 * lengths leak through timing (timingSafeEqual itself throws on a length mismatch).
 */
export function safeEqual(a: Uint8Array | string, b: Uint8Array | string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * safeEqual against one fixed value, its digest taken once: for a token checked on every request
 * (hashing both sides each time was a twentieth of an MCP tool call's CPU).
 */
export function safeEqualTo(expected: Uint8Array | string): (given: Uint8Array | string) => boolean {
  const want = digest(expected);
  return (given) => timingSafeEqual(digest(given), want);
}

/** The delivery id of a message whose sender gave none: a digest of its exact bytes. */
export const contentId = (body: Uint8Array): string =>
  `sha256:${createHash('sha256').update(body).digest('hex')}`;

/** The id header if present and non-empty (whitespace is not an id), else the content id. */
export function deliveryId(
  request: { body: Uint8Array | string; headers: HeaderSource },
  idHeader: string,
): string {
  const fromHeader = getHeader(request.headers, idHeader)?.trim();
  return fromHeader ? fromHeader : contentId(toBytes(request.body));
}
