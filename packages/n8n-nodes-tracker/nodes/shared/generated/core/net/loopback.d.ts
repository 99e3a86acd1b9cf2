// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
export declare function isLoopbackHost(host: string): boolean;
