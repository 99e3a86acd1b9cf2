// Standard Webhooks v1: HMAC-SHA256 over `id.timestamp.rawbody`, keyed with the base64-decoded part
// of a `whsec_` secret, sent as space-separated `v1,<base64>` entries (several during rotation).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getHeader } from '../net/headers.ts';
import { toBytes } from './headers.ts';
import { keyCache } from './key-cache.ts';
import { secretKey, secretProblems } from './secret-policy.ts';
import { checkTimestamp } from './timestamp.ts';
import { reject, type Verification, type VerifyOptions, type WebhookRequest } from './verify-types.ts';

/** An HMAC-SHA256 digest's length: the only length a v1 signature can have. */
const DIGEST_BYTES = 32;

const hmacKey = keyCache(secretKey);

/** The HMAC of `id.timestamp.body`. The verifier passes the timestamp exactly as received. */
function digest(secret: string, id: string, timestamp: number | string, body: Uint8Array): Buffer {
  return createHmac('sha256', hmacKey(secret)).update(`${id}.${timestamp}.`).update(body).digest();
}

/** The `v1,<base64>` signature of one message. */
export function signStandardWebhooks(
  secret: string,
  id: string,
  timestamp: number,
  body: Uint8Array | string,
): string {
  return `v1,${digest(secret, id, timestamp, toBytes(body)).toString('base64')}`;
}

/** The three headers of a message signed at `nowMs`. */
export function standardWebhooksHeaders(
  secret: string,
  id: string,
  body: Uint8Array | string,
  nowMs: number,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signStandardWebhooks(secret, id, timestamp, body),
  };
}

/** Accepts when any `v1,` entry matches any secret. Secrets outside the policy never match. */
export function verifyStandardWebhooks(
  secrets: readonly string[],
  request: WebhookRequest,
  options: VerifyOptions,
): Verification {
  const id = getHeader(request.headers, 'webhook-id')?.trim();
  if (!id) return reject('missing_id', 'missing webhook-id header');
  const rawTimestamp = getHeader(request.headers, 'webhook-timestamp');
  const signatureHeader = getHeader(request.headers, 'webhook-signature');
  if (!signatureHeader) return reject('missing_signature', 'missing webhook-signature header');
  const timestamp = checkTimestamp(rawTimestamp, options.toleranceSeconds ?? 300, options.nowMs);
  if (typeof timestamp !== 'number') return timestamp;
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
  if (entries === 0) return reject('malformed_signature', 'webhook-signature has no v1,<base64> entry');
  const usable = secrets.filter((s) => secretProblems(s).length === 0);
  if (usable.length === 0) {
    const [first] = secrets.flatMap((s) => secretProblems(s));
    return reject('invalid_secret', first ? first.message : 'no secret is configured');
  }
  const body = toBytes(request.body);
  let matched = false;
  for (const secret of usable) {
    const expected = digest(secret, id, rawTimestamp!, body);
    // Every pair is compared, so timing does not reveal which entry or secret matched.
    for (const candidate of candidates) matched = timingSafeEqual(expected, candidate) || matched;
  }
  if (!matched) return reject('no_matching_signature', 'no signature matches any configured secret');
  return { ok: true, scheme: 'standard-webhooks', id, timestamp };
}
