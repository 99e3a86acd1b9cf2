// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
export type StopSignal = 'SIGINT' | 'SIGTERM';
export interface SignalIo {
    on(signal: StopSignal, listener: () => void): unknown;
    exit(code: number): void;
}
/**
 * Installs the handlers. `stop` receives the signal's name; `onError` hears a failed drain (the
 * exit code is then 1). Returns `trigger`, to start the same drain for another reason (stdin
 * closed, a parent gone).
 */
export declare function stopOnSignals(io: SignalIo, stop: (reason: string) => Promise<void>, onError?: (error: unknown) => void): {
    trigger: (reason: string) => void;
};
