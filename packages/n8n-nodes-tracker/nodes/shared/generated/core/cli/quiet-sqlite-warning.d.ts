// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
interface WarningEmitter {
    listeners(event: 'warning'): ((warning: Error) => void)[];
    removeAllListeners(event: 'warning'): unknown;
    on(event: 'warning', listener: (warning: Error) => void): unknown;
}
/** True for node:sqlite's experimental-feature warning and nothing else. */
export declare function isSqliteExperimentalWarning(warning: {
    name?: unknown;
    message?: unknown;
}): boolean;
/**
 * Installs the filter on `emitter` (the process). Warnings are delivered on the next tick, so
 * calling this before the module graph that loads node:sqlite finishes evaluating is in time.
 * Installing it twice is harmless.
 */
export declare function quietSqliteWarning(emitter: WarningEmitter): void;
export {};
