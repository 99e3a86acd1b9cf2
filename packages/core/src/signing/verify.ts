import { deliveryId } from './headers.ts';
import { verifyGithub, verifyStripe, verifyToken } from './other-schemes.ts';
import { verifyStandardWebhooks } from './standard-webhooks.ts';
import { reject, type Verification, type VerifyOptions, type WebhookRequest } from './verify-types.ts';

/**
 * Verifies a request against several secrets at once (rotation): accepted if any signature in the
 * message matches any secret. The scheme is always the configured one, never guessed. Unset
 * entries (undefined or empty) are left out: the old secret of a rotation is usually unset, as in
 * `[env.SECRET, env.SECRET_OLD]`; only when none is set is the request refused.
 */
export function verifyWebhook(
  given: readonly (string | undefined)[],
  request: WebhookRequest,
  options: VerifyOptions,
): Verification {
  const secrets = given.filter((s): s is string => typeof s === 'string' && s.length > 0);
  if (options.scheme === 'none') {
    return {
      ok: true,
      scheme: 'none',
      id: deliveryId(request, options.idHeader ?? 'webhook-id'),
      timestamp: null,
    };
  }
  if (secrets.length === 0) {
    return reject('missing_secret', `scheme ${options.scheme} needs at least one secret; none is set`);
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
      return reject('unknown_scheme', `unknown scheme ${String(options.scheme)}`);
  }
}
