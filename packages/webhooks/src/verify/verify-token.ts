import { createHash } from 'node:crypto';
import { verificationError } from '../errors.ts';
import { getHeader } from './get-header.ts';
import { safeEqual } from './safe-equal.ts';
import { toBytes } from './to-bytes.ts';
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

export function deliveryId(request: WebhookRequest, options: VerifyOptions): string {
  const fromHeader = getHeader(request.headers, options.idHeader ?? 'webhook-id');
  return fromHeader || `sha256:${createHash('sha256').update(toBytes(request.body)).digest('hex')}`;
}
