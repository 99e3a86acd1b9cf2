// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type RateWindow } from '../rate/rate-window';
export interface PacingState {
    /** When earlier uploads were answered, oldest first. */
    answered: readonly number[];
    /** Uploads sent and not yet answered. */
    inFlight: number;
}
export type PacingDecision = {
    go: true;
} | {
    go: false;
    waitMs: number;
} | {
    go: false;
    waitFor: 'answer';
};
/** Whether the next upload may go now, given the window; pure. */
export declare function pacingDecision(state: PacingState, nowMs: number, window?: RateWindow): PacingDecision;
export interface Pacer {
    /** Waits for a free slot; call the returned function once the request has been answered. */
    acquire(signal?: AbortSignal): Promise<() => void>;
}
/** The pacing decision driven with the caller's clock and sleep (n8n hands in its own `sleep`). */
export declare function createPacer(io: {
    now(): number;
    sleep(ms: number, signal?: AbortSignal): Promise<void>;
}, window?: RateWindow): Pacer;
