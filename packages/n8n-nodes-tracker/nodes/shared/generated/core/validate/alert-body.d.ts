// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
export type AlertBodyCheck = {
    ok: true;
    text: string;
} | {
    ok: false;
    /** The HTTP status a receiver answers: 415 media type, 400 not UTF-8, 422 nested too deep. */
    status: 400 | 415 | 422;
    reason: 'unsupported_media_type' | 'unsupported_charset' | 'invalid_utf8' | 'too_deep';
    message: string;
};
/** The body's text, or why it is refused (a string body is text already). */
export declare function alertBodyCheck(contentType: string | undefined, body: Uint8Array | string): AlertBodyCheck;
