import { createHmac } from 'node:crypto';
import { standardWebhooksKey } from './standard-webhooks-key.ts';
import { toBytes } from './to-bytes.ts';

/** The `v1,<base64>` signature of one message, over `id.timestamp.rawbody`. */
export function signStandardWebhooks(
  secret: string,
  id: string,
  timestamp: number,
  body: Uint8Array | string,
): string {
  const hmac = createHmac('sha256', standardWebhooksKey(secret));
  hmac.update(`${id}.${timestamp}.`);
  hmac.update(toBytes(body));
  return `v1,${hmac.digest('base64')}`;
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
