import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Constant-time equality. Both sides are hashed first so that neither their contents nor their
 * lengths leak through timing (timingSafeEqual itself throws on a length mismatch).
 */
export function safeEqual(a: Uint8Array | string, b: Uint8Array | string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}
