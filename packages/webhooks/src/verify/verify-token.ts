import { verificationError } from '../errors.ts';
import { deliveryId } from './content-id.ts';
import { getHeader } from './get-header.ts';
import { safeEqual } from './safe-equal.ts';
import type { Verified, VerifyOptions, WebhookRequest } from './types.ts';

/** A shared token in a header, compared in constant time against every configured secret. */
export function verifyToken(
  secrets: readonly string[],
  request: WebhookRequest,
  options: VerifyOptions,
): Verified {
  const name = options.header ?? 'x-webhook-token';
  const token = getHeader(request.headers, name);
  if (!token) throw verificationError('missing_token', `missing ${name} header`);
  let matched = false;
  for (const secret of secrets) matched = safeEqual(secret, token) || matched;
  if (!matched) throw verificationError('invalid_token', `${name} does not match any configured secret`);
  return { scheme: 'token', id: deliveryId(request, options), timestamp: null };
}
