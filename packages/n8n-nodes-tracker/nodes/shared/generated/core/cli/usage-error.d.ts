// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
/** Bad usage of a command: the caller prints `message` on one line and exits with 2. */
export declare class UsageError extends Error {
    readonly exitCode = 2;
    constructor(message: string);
}
/** A TCP port from a flag's text: an integer 0-65535 (0 picks a free one). */
export declare function portFromFlag(flag: string, raw: string): number;
