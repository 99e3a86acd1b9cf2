// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Verification, type VerifyOptions, type WebhookRequest } from './verify-types';
/** The `v1,<base64>` signature of one message. */
export declare function signStandardWebhooks(secret: string, id: string, timestamp: number, body: Uint8Array | string): string;
/** The three headers of a message signed at `nowMs`. */
export declare function standardWebhooksHeaders(secret: string, id: string, body: Uint8Array | string, nowMs: number): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>;
/** Accepts when any `v1,` entry matches any secret. Secrets outside the policy never match. */
export declare function verifyStandardWebhooks(secrets: readonly string[], request: WebhookRequest, options: VerifyOptions): Verification;
