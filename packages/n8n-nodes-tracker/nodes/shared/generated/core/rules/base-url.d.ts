// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
/** What a base URL must be, for messages: "baseUrl must be …". */
export declare const BASE_URL_RULE = "an absolute URL ending in /v1";
/** True for `http(s)://host[:port][/prefix]/v1` (a trailing slash allowed). */
export declare function isServiceBaseUrl(value: unknown): value is string;
