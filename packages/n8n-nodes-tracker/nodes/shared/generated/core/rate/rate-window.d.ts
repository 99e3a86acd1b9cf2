// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
/** A sliding window: at most `limit` requests in any `windowMs`. */
export interface RateWindow {
    limit: number;
    windowMs: number;
}
/** An operation's `x-rate-limit`, as the document writes it, as a window. */
export declare function rateWindow(rule: {
    requests: number;
    window_seconds: number;
}): RateWindow;
export interface WindowState {
    /** The stamps still inside the window, oldest first (a caller keeps these and drops the rest). */
    recent: number[];
    /**
     * 0: one more request fits now. Otherwise how long until the oldest stamp leaves the window; null
     * when the window is full of `pending` requests only, so only one of them ending can free a slot.
     */
    waitMs: number | null;
}
/** Whether one more request fits the window at `nowMs`, given earlier ones' stamps (oldest first). */
export declare function windowState(stamps: readonly number[], nowMs: number, window: RateWindow, pending?: number): WindowState;
/** A 429's `Retry-After` for a wait: whole seconds, rounded up, and never 0 (that would mean "now"). */
export declare function retryAfterSeconds(waitMs: number): number;
