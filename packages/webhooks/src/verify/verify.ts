// The receiver's verification: core's verifyWebhook (which never throws) behind the receiver's
// throwing API, so a rejection is a WebhooksError the HTTP layer answers with.
import {
  type Rejected,
  standardWebhooksHeaders as signedHeaders,
  verifyWebhook,
} from '@trackerkit/core/signing';
import { WebhooksError } from '../errors.ts';
import type { Verified, VerifyOptions, WebhookRequest } from './types.ts';

function rejection({ reason, message }: Rejected): WebhooksError {
  // A secret outside the policy (or none) is the operator's mistake, not the sender's: loadConfig
  // refuses it, so only a hand-built configuration gets here.
  const operatorsMistake =
    reason === 'invalid_secret' || reason === 'missing_secret' || reason === 'unknown_scheme';
  return new WebhooksError(message, { status: operatorsMistake ? 500 : 401, reason });
}

/**
 * Verifies a request against several secrets at once (rotation): accepted if any signature in
 * the message matches any secret; unset entries (undefined, empty) are left out, so the usual
 * `[env.SECRET, env.SECRET_OLD]` works while no rotation is under way. Throws a WebhooksError
 * (status 401, a reason code) on failure; 500 `missing_secret` when no secret is set at all.
 */
export function verifyWithFallback(
  secrets: readonly (string | undefined)[],
  request: WebhookRequest,
  options: VerifyOptions,
): Verified {
  const { now, ...rest } = options;
  const result = verifyWebhook(secrets, request, { ...rest, nowMs: (now ?? Date.now)() });
  if (!result.ok) throw rejection(result);
  return { scheme: result.scheme, id: result.id, timestamp: result.timestamp };
}

/** Verifies one request with one secret. Throws a WebhooksError (status 401, a reason code) on failure. */
export function verify(secret: string, request: WebhookRequest, options: VerifyOptions): Verified {
  return verifyWithFallback([secret], request, options);
}

/** Core's Standard Webhooks headers, signed now unless told when (core takes no clock of its own). */
export const standardWebhooksHeaders = (
  secret: string,
  id: string,
  body: Uint8Array | string,
  nowMs: number = Date.now(),
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> =>
  signedHeaders(secret, id, body, nowMs);
