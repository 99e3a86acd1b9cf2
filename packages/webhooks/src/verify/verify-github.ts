import { createHmac } from 'node:crypto';
import { verificationError } from '../errors.ts';
import { contentId } from './content-id.ts';
import { getHeader } from './get-header.ts';
import { safeEqual } from './safe-equal.ts';
import { toBytes } from './to-bytes.ts';
import type { Verified, VerifyOptions, WebhookRequest } from './types.ts';

/** GitHub style: `sha256=<hex HMAC of the raw body>` in a configurable header. No timestamp: dedupe is the replay defence. */
export function verifyGithub(
  secrets: readonly string[],
  request: WebhookRequest,
  options: VerifyOptions,
): Verified {
  const name = options.header ?? 'x-hub-signature-256';
  const header = getHeader(request.headers, name);
  if (!header) throw verificationError('missing_signature', `missing ${name} header`);
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => /^sha256=[0-9a-f]+$/i.test(entry))
    .map((entry) => Buffer.from(entry.slice(7), 'hex'));
  if (entries.length === 0) throw verificationError('malformed_signature', `${name} must be sha256=<hex>`);
  const body = toBytes(request.body);
  let matched = false;
  for (const secret of secrets) {
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest();
    for (const candidate of entries) matched = safeEqual(expected, candidate) || matched;
  }
  if (!matched)
    throw verificationError('no_matching_signature', 'no signature matches any configured secret');
  const id = getHeader(request.headers, options.idHeader ?? 'x-github-delivery') ?? contentId(body);
  return { scheme: 'github', id, timestamp: null };
}
