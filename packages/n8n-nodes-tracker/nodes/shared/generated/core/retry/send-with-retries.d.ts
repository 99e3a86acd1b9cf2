// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Outcome, type RetryPolicy } from './retry-decision';
export interface Attempted<T> {
    /** Set when the attempt succeeded. */
    value?: T;
    /** Set when it did not: what happened, and the error to throw if no retry follows. */
    outcome?: Outcome;
    error?: unknown;
}
export interface RetryIo {
    sleep(ms: number): Promise<void>;
    now(): number;
    random(): number;
}
export declare function sendWithRetries<T>(method: string, attempt: (n: number) => Promise<Attempted<T>>, policy: RetryPolicy, io: RetryIo): Promise<T>;
