// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Verification, type VerifyOptions, type WebhookRequest } from './verify-types';
/**
 * Verifies a request against several secrets at once (rotation): accepted if any signature in the
 * message matches any secret. The scheme is always the configured one, never guessed. Unset
 * entries (undefined or empty) are left out: the old secret of a rotation is usually unset, as in
 * `[env.SECRET, env.SECRET_OLD]`; only when none is set is the request refused.
 */
export declare function verifyWebhook(given: readonly (string | undefined)[], request: WebhookRequest, options: VerifyOptions): Verification;
