// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import type { HeaderSource } from './verify-types';
/** One header's value, case-insensitively; repeated headers are joined as HTTP allows. */
export declare function getHeader(headers: HeaderSource, name: string): string | undefined;
/** The body as bytes; strings are UTF-8. Never re-encodes bytes, so signatures see the exact bytes. */
export declare const toBytes: (body: Uint8Array | string) => Uint8Array;
/**
 * Constant-time equality. Both sides are hashed first so that neither their contents nor their
 * lengths leak through timing (timingSafeEqual itself throws on a length mismatch).
 */
export declare function safeEqual(a: Uint8Array | string, b: Uint8Array | string): boolean;
/** The delivery id of a message whose sender gave none: a digest of its exact bytes. */
export declare const contentId: (body: Uint8Array) => string;
/** The id header if present and non-empty (whitespace is not an id), else the content id. */
export declare function deliveryId(request: {
    body: Uint8Array | string;
    headers: HeaderSource;
}, idHeader: string): string;
