import { WebhooksError } from '../errors.ts';

/** The HMAC key of a Standard Webhooks secret: the base64-decoded part after `whsec_`. */
export function standardWebhooksKey(secret: string): Buffer {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
    throw new WebhooksError('a Standard Webhooks secret must be whsec_ followed by base64', {
      status: 500,
      reason: 'invalid_secret',
    });
  }
  return Buffer.from(encoded, 'base64');
}
