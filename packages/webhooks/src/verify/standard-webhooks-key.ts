import { WebhooksError } from '../errors.ts';

// Decoding a secret costs a regex and a base64 pass, on every request and every forward; the
// configured secrets are few. Bounded, since `verify` callers may pass any number over time.
const keys = new Map<string, Buffer>();

/** The HMAC key of a Standard Webhooks secret: the base64-decoded part after `whsec_`. */
export function standardWebhooksKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (key !== undefined) return key;
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
    throw new WebhooksError('a Standard Webhooks secret must be whsec_ followed by base64', {
      status: 500,
      reason: 'invalid_secret',
    });
  }
  key = Buffer.from(encoded, 'base64');
  if (keys.size >= 64) keys.clear();
  keys.set(secret, key);
  return key;
}
