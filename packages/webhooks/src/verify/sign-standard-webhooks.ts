import { createHmac } from 'node:crypto';
import { standardWebhooksKey } from './standard-webhooks-key.ts';
import { toBytes } from './to-bytes.ts';

/**
 * The HMAC-SHA256 of `id.timestamp.rawbody`, shared by the signer and the verifier. The verifier
 * passes the timestamp header exactly as received, so the bytes signed are the bytes checked.
 */
export function standardWebhooksDigest(
  secret: string,
  id: string,
  timestamp: number | string,
  body: Uint8Array,
): Buffer {
  return createHmac('sha256', standardWebhooksKey(secret))
    .update(`${id}.${timestamp}.`)
    .update(body)
    .digest();
}

/** The `v1,<base64>` signature of one message, over `id.timestamp.rawbody`. */
export function signStandardWebhooks(
  secret: string,
  id: string,
  timestamp: number,
  body: Uint8Array | string,
): string {
  return `v1,${standardWebhooksDigest(secret, id, timestamp, toBytes(body)).toString('base64')}`;
}

/** Headers for a message signed with Standard Webhooks; used by the forward and n8n destinations. */
export function standardWebhooksHeaders(
  secret: string,
  id: string,
  body: Uint8Array | string,
  nowMs: number = Date.now(),
): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signStandardWebhooks(secret, id, timestamp, body),
  };
}
