// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
/** Headers as node gives them (lower-case names) or a Fetch `Headers`. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;
/** One header's value, case-insensitively; repeated headers are joined as HTTP allows. */
export declare function getHeader(headers: HeaderSource, name: string): string | undefined;
