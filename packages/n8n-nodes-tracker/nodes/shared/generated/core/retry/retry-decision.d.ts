// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
export type Outcome = {
    kind: 'status';
    status: number;
    retryAfter?: string | null | undefined;
} | {
    kind: 'refused';
} | {
    kind: 'network';
} | {
    kind: 'timeout';
};
export declare function mayResend(method: string, outcome: Outcome, options?: {
    idempotencyKey?: boolean;
}): boolean;
export interface RetryPolicy {
    /** Resends after the first attempt. */
    retries: number;
    baseMs: number;
    capMs: number;
}
export declare const RETRY_DEFAULTS: RetryPolicy;
export type RetryDecision = {
    retry: false;
} | {
    retry: true;
    waitMs: number;
};
/** After attempt number `attempt` (0-based) ended in `outcome`: stop, or wait and resend. */
export declare function retryDecision(method: string, outcome: Outcome, attempt: number, policy: RetryPolicy, nowMs: number, random: () => number): RetryDecision;
