import { timingSafeEqual } from 'node:crypto';
import { verificationError } from '../errors.ts';
import { checkTimestamp } from './check-timestamp.ts';
import { getHeader } from './get-header.ts';
import { standardWebhooksDigest } from './sign-standard-webhooks.ts';
import { toBytes } from './to-bytes.ts';
import type { Verified, VerifyOptions, WebhookRequest } from './types.ts';

/** An HMAC-SHA256 digest's length: the only length a v1 signature can have. */
const DIGEST_BYTES = 32;

/** Standard Webhooks v1: accept if any `v1,` entry matches any secret. */
export function verifyStandardWebhooks(
  secrets: readonly string[],
  request: WebhookRequest,
  options: VerifyOptions,
): Verified {
  const id = getHeader(request.headers, 'webhook-id');
  if (!id) throw verificationError('missing_id', 'missing webhook-id header');
  const rawTimestamp = getHeader(request.headers, 'webhook-timestamp');
  const signatureHeader = getHeader(request.headers, 'webhook-signature');
  if (!signatureHeader) throw verificationError('missing_signature', 'missing webhook-signature header');
  const timestamp = checkTimestamp(
    rawTimestamp,
    options.toleranceSeconds ?? 300,
    (options.now ?? Date.now)(),
  );
  const candidates: Buffer[] = [];
  let entries = 0;
  for (const entry of signatureHeader.split(' ')) {
    if (!entry.startsWith('v1,')) continue;
    const encoded = entry.slice(3);
    const decoded = Buffer.from(encoded, 'base64');
    // Only canonical base64: otherwise unused padding bits would let a changed header still match.
    if (decoded.toString('base64') !== encoded) continue;
    entries++;
    // A well-formed entry of another length cannot match; its length is public (the sender chose it).
    if (decoded.length === DIGEST_BYTES) candidates.push(decoded);
  }
  if (entries === 0) {
    throw verificationError('malformed_signature', 'webhook-signature has no v1,<base64> entry');
  }
  const body = toBytes(request.body);
  let matched = false;
  for (const secret of secrets) {
    const expected = standardWebhooksDigest(secret, id, rawTimestamp!, body);
    // Evaluate every pair so timing does not reveal which entry or secret matched. Both sides
    // are DIGEST_BYTES long, so timingSafeEqual compares them in constant time directly.
    for (const candidate of candidates) matched = timingSafeEqual(expected, candidate) || matched;
  }
  if (!matched)
    throw verificationError('no_matching_signature', 'no signature matches any configured secret');
  return { scheme: 'standard-webhooks', id, timestamp };
}
