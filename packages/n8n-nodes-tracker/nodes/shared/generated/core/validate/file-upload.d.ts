// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import type { Problem } from '../problem';
/**
 * A whole file upload, in the order a user fixes it: the name (it decides the type), the fields, the
 * bytes. `bytes` undefined checks all but the content (before a stream is read).
 */
export declare function fileUploadProblems(filename: string, bytes: Uint8Array | undefined, fields: {
    source_name?: string | undefined;
    description?: string | undefined;
}, options?: {
    maxBytes?: number;
}): Problem[];
