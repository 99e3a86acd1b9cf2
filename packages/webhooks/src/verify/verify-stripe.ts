import { createHmac } from 'node:crypto';
import { verificationError } from '../errors.ts';
import { checkTimestamp } from './check-timestamp.ts';
import { contentId } from './content-id.ts';
import { getHeader } from './get-header.ts';
import { safeEqual } from './safe-equal.ts';
import { toBytes } from './to-bytes.ts';
import type { Verified, VerifyOptions, WebhookRequest } from './types.ts';

/** Stripe style: `t=<ts>,v1=<hex>[,v1=...]`, hex HMAC of `t.body` keyed with the whole secret as UTF-8. */
export function verifyStripe(
  secrets: readonly string[],
  request: WebhookRequest,
  options: VerifyOptions,
): Verified {
  const header = getHeader(request.headers, options.header ?? 'stripe-signature');
  if (!header)
    throw verificationError('missing_signature', `missing ${options.header ?? 'stripe-signature'} header`);
  let rawTimestamp: string | undefined;
  const candidates: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') rawTimestamp = value;
    else if (key === 'v1' && /^[0-9a-f]+$/i.test(value)) candidates.push(Buffer.from(value, 'hex'));
  }
  if (candidates.length === 0)
    throw verificationError('malformed_signature', 'signature header has no v1=<hex> entry');
  const timestamp = checkTimestamp(
    rawTimestamp,
    options.toleranceSeconds ?? 300,
    (options.now ?? Date.now)(),
  );
  const body = toBytes(request.body);
  let matched = false;
  for (const secret of secrets) {
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
      .update(`${rawTimestamp}.`)
      .update(body)
      .digest();
    for (const candidate of candidates) matched = safeEqual(expected, candidate) || matched;
  }
  if (!matched)
    throw verificationError('no_matching_signature', 'no signature matches any configured secret');
  const id = (options.idHeader ? getHeader(request.headers, options.idHeader) : undefined) ?? contentId(body);
  return { scheme: 'stripe', id, timestamp };
}
