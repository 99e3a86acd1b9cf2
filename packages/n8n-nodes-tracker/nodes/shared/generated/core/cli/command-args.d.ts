// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
/** The command's arguments from `argv` (process.argv): node and the script left out, and a
 *  leading `--` (a package manager's separator, never an argument of ours) dropped. */
export declare function commandArgs(argv: readonly string[]): string[];
