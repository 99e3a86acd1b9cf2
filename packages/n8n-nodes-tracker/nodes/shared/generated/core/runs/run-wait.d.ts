// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import type { Run } from '../types';
export interface WaitOptions {
    /** Give up after this long (default 3 600 000: the suite assumes the deepest modes may take about an hour). */
    timeoutMs?: number;
    signal?: AbortSignal;
    /** First pause between polls (default 1 000); it grows by half each poll up to `maxIntervalMs`. */
    intervalMs?: number;
    /** Longest pause between polls (default 15 000). */
    maxIntervalMs?: number;
    onPoll?: (run: Run, attempt: number) => void;
}
export declare const WAIT_DEFAULTS: {
    timeoutMs: number;
    intervalMs: number;
    maxIntervalMs: number;
    growth: number;
};
/** The statuses after which a run never changes. */
export declare const FINISHED_STATUSES: readonly Run['status'][];
export type WaitDecision = {
    kind: 'done';
    failed: boolean;
} | {
    kind: 'poll';
    afterMs: number;
    nextIntervalMs: number;
} | {
    kind: 'timeout';
};
/** After a poll that saw `status`: done, poll again after a pause, or give up. */
export declare function waitDecision(status: Run['status'], state: {
    intervalMs: number;
    deadlineMs: number;
    nowMs: number;
}, options?: Pick<WaitOptions, 'maxIntervalMs'>): WaitDecision;
export declare class RunWaitTimeout extends Error {
    readonly runId: string;
    readonly timeoutMs: number;
    readonly lastStatus: Run['status'];
    constructor(runId: string, timeoutMs: number, lastStatus: Run['status']);
}
/** Polls until the run finishes; throws RunWaitTimeout at the deadline. */
export declare function waitForRun(getRun: (signal: AbortSignal | undefined) => Promise<Run>, runId: string, io: {
    now(): number;
    sleep(ms: number, signal?: AbortSignal): Promise<void>;
}, options?: WaitOptions, 
/** When the timeout started counting (triggerAndWait counts the trigger too). */
startedAt?: number): Promise<Run>;
