// The receiver's other verification schemes, chosen by configuration when a sender signs differently.
import { createHmac } from 'node:crypto';
import { getHeader } from '../net/headers.ts';
import { contentId, deliveryId, safeEqual, toBytes } from './headers.ts';
import { keyCache } from './key-cache.ts';
import { checkTimestamp } from './timestamp.ts';
import { reject, type Verification, type VerifyOptions, type WebhookRequest } from './verify-types.ts';

const utf8Key = keyCache((secret) => Buffer.from(secret, 'utf8'));

/** HMAC-SHA256 keyed with the whole secret as UTF-8 (Stripe's and GitHub's convention). */
const hmacUtf8Key = (secret: string, ...parts: (string | Uint8Array)[]) => {
  const mac = createHmac('sha256', utf8Key(secret));
  for (const part of parts) mac.update(part);
  return mac.digest();
};

/** Stripe style: `t=<ts>,v1=<hex>[,v1=...]`, hex HMAC of `t.body` keyed with the whole secret as UTF-8. */
export function verifyStripe(
  secrets: readonly string[],
  request: WebhookRequest,
  options: VerifyOptions,
): Verification {
  const name = options.header ?? 'stripe-signature';
  const header = getHeader(request.headers, name);
  if (!header) return reject('missing_signature', `missing ${name} header`);
  let rawTimestamp: string | undefined;
  const candidates: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') rawTimestamp = value;
    else if (key === 'v1' && /^[0-9a-f]+$/i.test(value)) candidates.push(Buffer.from(value, 'hex'));
  }
  if (candidates.length === 0) return reject('malformed_signature', 'signature header has no v1=<hex> entry');
  const timestamp = checkTimestamp(rawTimestamp, options.toleranceSeconds ?? 300, options.nowMs);
  if (typeof timestamp !== 'number') return timestamp;
  const body = toBytes(request.body);
  let matched = false;
  for (const secret of secrets) {
    const expected = hmacUtf8Key(secret, `${rawTimestamp}.`, body);
    for (const candidate of candidates) matched = safeEqual(expected, candidate) || matched;
  }
  if (!matched) return reject('no_matching_signature', 'no signature matches any configured secret');
  const id = options.idHeader ? deliveryId(request, options.idHeader) : contentId(body);
  return { ok: true, scheme: 'stripe', id, timestamp };
}

/** GitHub style: `sha256=<hex HMAC of the raw body>`. No timestamp: dedupe is the replay defence. */
export function verifyGithub(
  secrets: readonly string[],
  request: WebhookRequest,
  options: VerifyOptions,
): Verification {
  const name = options.header ?? 'x-hub-signature-256';
  const header = getHeader(request.headers, name);
  if (!header) return reject('missing_signature', `missing ${name} header`);
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => /^sha256=[0-9a-f]+$/i.test(entry))
    .map((entry) => Buffer.from(entry.slice(7), 'hex'));
  if (entries.length === 0) return reject('malformed_signature', `${name} must be sha256=<hex>`);
  const body = toBytes(request.body);
  let matched = false;
  for (const secret of secrets) {
    const expected = hmacUtf8Key(secret, body);
    for (const candidate of entries) matched = safeEqual(expected, candidate) || matched;
  }
  if (!matched) return reject('no_matching_signature', 'no signature matches any configured secret');
  return {
    ok: true,
    scheme: 'github',
    id: deliveryId(request, options.idHeader ?? 'x-github-delivery'),
    timestamp: null,
  };
}

/** A shared token in a header, compared in constant time against every configured secret. */
export function verifyToken(
  secrets: readonly string[],
  request: WebhookRequest,
  options: VerifyOptions,
): Verification {
  const name = options.header ?? 'x-webhook-token';
  const token = getHeader(request.headers, name);
  if (!token) return reject('missing_token', `missing ${name} header`);
  let matched = false;
  for (const secret of secrets) matched = safeEqual(secret, token) || matched;
  if (!matched) return reject('invalid_token', `${name} does not match any configured secret`);
  return {
    ok: true,
    scheme: 'token',
    id: deliveryId(request, options.idHeader ?? 'webhook-id'),
    timestamp: null,
  };
}
