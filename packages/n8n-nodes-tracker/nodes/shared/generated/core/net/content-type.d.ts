// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
export interface ContentTypeRefusal {
    reason: 'unsupported_media_type' | 'unsupported_charset';
    /** Names the header and the rule, without a package prefix (each layer adds its own). */
    message: string;
}
/** The media type every JSON endpoint takes; in `accepts` it also stands for `application/*+json`. */
export declare const JSON_MEDIA_TYPE = "application/json";
/**
 * Why a `Content-Type` header is refused by an endpoint that reads `accepts` (lower-case media
 * types), or undefined when it is accepted: the media type must be one of them and a `charset`
 * parameter, when present, UTF-8.
 */
export declare function contentTypeRefusal(header: string | undefined, accepts: readonly string[]): ContentTypeRefusal | undefined;
