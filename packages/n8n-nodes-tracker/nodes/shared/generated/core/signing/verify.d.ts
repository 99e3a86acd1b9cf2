// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Verification, type VerifyOptions, type WebhookRequest } from './verify-types';
/**
 * Verifies a request against several secrets at once (rotation): accepted if any signature in the
 * message matches any secret. The scheme is always the configured one, never guessed.
 */
export declare function verifyWebhook(secrets: readonly string[], request: WebhookRequest, options: VerifyOptions): Verification;
