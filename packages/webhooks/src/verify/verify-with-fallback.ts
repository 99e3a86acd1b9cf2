import { WebhooksError } from '../errors.ts';
import { deliveryId } from './content-id.ts';
import type { Verified, VerifyOptions, WebhookRequest } from './types.ts';
import { verifyGithub } from './verify-github.ts';
import { verifyStandardWebhooks } from './verify-standard-webhooks.ts';
import { verifyStripe } from './verify-stripe.ts';
import { verifyToken } from './verify-token.ts';

/**
 * Verifies a request against several secrets at once (rotation): accepted if any signature in
 * the message matches any secret. The scheme is always the configured one, never guessed.
 */
export function verifyWithFallback(
  secrets: readonly string[],
  request: WebhookRequest,
  options: VerifyOptions,
): Verified {
  if (options.scheme === 'none') return { scheme: 'none', id: deliveryId(request, options), timestamp: null };
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || s.length === 0)) {
    throw new WebhooksError(`scheme ${options.scheme} needs at least one non-empty secret`, {
      status: 500,
      reason: 'missing_secret',
    });
  }
  switch (options.scheme) {
    case 'standard-webhooks':
      return verifyStandardWebhooks(secrets, request, options);
    case 'stripe':
      return verifyStripe(secrets, request, options);
    case 'github':
      return verifyGithub(secrets, request, options);
    case 'token':
      return verifyToken(secrets, request, options);
    default:
      throw new WebhooksError(`unknown scheme ${String(options.scheme)}`, {
        status: 500,
        reason: 'unknown_scheme',
      });
  }
}
