// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import type { HeaderSource } from '../net/headers';
export type Scheme = 'standard-webhooks' | 'stripe' | 'github' | 'token' | 'none';
export interface VerifyOptions {
    scheme: Scheme;
    /** Seconds a timestamp may differ from now, in either direction. Default 300. */
    toleranceSeconds?: number;
    /** Signature or token header for `github` (default `x-hub-signature-256`) and `token` (default `x-webhook-token`). */
    header?: string;
    /** Header carrying the delivery id for schemes without `webhook-id` (GitHub: `x-github-delivery`). */
    idHeader?: string;
    /** Unix milliseconds now: handed in, so verification is a pure function of its input. */
    nowMs: number;
}
export interface WebhookRequest {
    /** The raw body bytes exactly as received. A string is taken as UTF-8. */
    body: Uint8Array | string;
    headers: HeaderSource;
}
export interface Verified {
    ok: true;
    scheme: Scheme;
    /** The sender's delivery id: the idempotency key of this message. */
    id: string;
    /** Unix seconds the sender signed at, where the scheme has one. */
    timestamp: number | null;
}
export type FailureReason = 'missing_id' | 'missing_timestamp' | 'invalid_timestamp' | 'timestamp_too_old' | 'timestamp_too_new' | 'missing_signature' | 'malformed_signature' | 'no_matching_signature' | 'missing_token' | 'invalid_token' | 'invalid_secret' | 'missing_secret' | 'unknown_scheme';
export interface Rejected {
    ok: false;
    reason: FailureReason;
    message: string;
}
export type Verification = Verified | Rejected;
export declare const reject: (reason: FailureReason, message: string) => Rejected;
