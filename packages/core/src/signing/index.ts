// @trackerkit/core/signing: the alert webhook's signing and verification (Standard Webhooks, and
// the Stripe, GitHub and token schemes a receiver accepts), the secret policy, delivery ids and the
// replay window. A subpath of its own: it runs on node:crypto, which the rulebook's entry (and
// whatever bundles it for a browser, like the MCP server's signal chart) never carries.
export type { HeaderSource } from '../net/headers.ts';
export {
  type DeliverySchedule,
  dedupeWindowMs,
  retrySpanSeconds,
  seenRecord,
} from './dedupe-window.ts';
export { contentId, deliveryId, safeEqual, safeEqualTo } from './headers.ts';
export { generateSecret, SECRET_POLICY_RULE, secretKey, secretProblems } from './secret-policy.ts';
export {
  signStandardWebhooks,
  standardWebhooksHeaders,
  verifyStandardWebhooks,
} from './standard-webhooks.ts';
export { verifyWebhook } from './verify.ts';
export type {
  FailureReason,
  Rejected,
  Scheme,
  Verification,
  Verified,
  VerifyOptions,
  WebhookRequest,
} from './verify-types.ts';
