// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Verification, type VerifyOptions, type WebhookRequest } from './verify-types';
/** Stripe style: `t=<ts>,v1=<hex>[,v1=...]`, hex HMAC of `t.body` keyed with the whole secret as UTF-8. */
export declare function verifyStripe(secrets: readonly string[], request: WebhookRequest, options: VerifyOptions): Verification;
/** GitHub style: `sha256=<hex HMAC of the raw body>`. No timestamp: dedupe is the replay defence. */
export declare function verifyGithub(secrets: readonly string[], request: WebhookRequest, options: VerifyOptions): Verification;
/** A shared token in a header, compared in constant time against every configured secret. */
export declare function verifyToken(secrets: readonly string[], request: WebhookRequest, options: VerifyOptions): Verification;
