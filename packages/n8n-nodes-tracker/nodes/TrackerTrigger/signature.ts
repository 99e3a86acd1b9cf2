// Standard Webhooks v1 verification: HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{raw body}`,
// keyed with the base64-decoded part of a `whsec_` secret, sent as space-separated `v1,<base64>`
// entries (several during secret rotation). Constant-time comparison; timestamp checked both ways.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface VerifyInput {
  secret: string;
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
  nowSeconds: number;
  toleranceSeconds: number;
}

export type VerifyResult = { ok: true } | { ok: false; reason: string };

const PREFIX = 'whsec_';

export function decodeSecret(secret: string): Buffer {
  const trimmed = secret.trim();
  if (!trimmed.startsWith(PREFIX)) throw new Error('the signing secret must start with whsec_');
  const encoded = trimmed.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) throw new Error('the part after whsec_ must be base64');
  const key = Buffer.from(encoded, 'base64');
  if (key.length < 16) throw new Error('the signing secret is shorter than 16 bytes');
  return key;
}

export function sign(key: Buffer, id: string, timestamp: string, rawBody: Buffer): string {
  const hmac = createHmac('sha256', key);
  hmac.update(`${id}.${timestamp}.`);
  hmac.update(rawBody);
  return hmac.digest('base64');
}

export function verifySignature(input: VerifyInput): VerifyResult {
  if (!input.id || !input.timestamp || !input.signature) {
    return { ok: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature header' };
  }
  if (!/^\d+$/.test(input.timestamp)) return { ok: false, reason: 'webhook-timestamp is not Unix seconds' };
  const timestamp = Number(input.timestamp);
  if (timestamp < input.nowSeconds - input.toleranceSeconds)
    return { ok: false, reason: 'timestamp too old' };
  if (timestamp > input.nowSeconds + input.toleranceSeconds)
    return { ok: false, reason: 'timestamp too new' };

  let key: Buffer;
  try {
    key = decodeSecret(input.secret);
  } catch (error) {
    return { ok: false, reason: `credential: ${(error as Error).message}` };
  }
  const expected = Buffer.from(sign(key, input.id, input.timestamp, input.rawBody), 'base64');
  for (const entry of input.signature.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const given = Buffer.from(value, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true };
  }
  return { ok: false, reason: 'no matching v1 signature' };
}
