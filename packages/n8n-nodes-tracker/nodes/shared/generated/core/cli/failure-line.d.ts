// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
/**
 * The one line `command` prints for `error`, and its exit code. `--help` is suggested for usage
 * mistakes, where the usage text has the answer.
 */
export declare function failureLine(command: string, error: unknown): {
    line: string;
    exitCode: 1 | 2;
};
