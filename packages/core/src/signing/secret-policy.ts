// One secret policy for every Standard Webhooks signer and verifier of the suite (the document's
// `x-trackerkit-secret-policy`): the emulator, the receiver and the n8n trigger accept the same
// secrets, and refuse the others when the secret is configured, never when a message arrives.
import { WEBHOOK_SECRET_POLICY } from '../generated/limits.ts';
import { type Problem, problem } from '../problem.ts';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// Verifiers check their secrets on every message; a secret's answer never changes, so it is kept.
// Bounded: verifiers may be handed any number of secrets over time.
const decoded = new Map<string, { key?: Uint8Array; message?: string }>();

export const SECRET_POLICY_RULE = `${WEBHOOK_SECRET_POLICY.prefix} followed by base64 of at least ${WEBHOOK_SECRET_POLICY.min_key_bytes} bytes`;

function decode(secret: string): { key?: Uint8Array; message?: string } {
  let found = decoded.get(secret);
  if (!found) {
    found = decodeOnce(secret);
    if (decoded.size >= 64) decoded.clear();
    decoded.set(secret, found);
  }
  return found;
}

function decodeOnce(secret: string): { key?: Uint8Array; message?: string } {
  if (typeof secret !== 'string' || !secret.startsWith(WEBHOOK_SECRET_POLICY.prefix)) {
    return { message: `a Standard Webhooks secret must start with ${WEBHOOK_SECRET_POLICY.prefix}` };
  }
  const encoded = secret.slice(WEBHOOK_SECRET_POLICY.prefix.length);
  if (!BASE64.test(encoded))
    return { message: `the part after ${WEBHOOK_SECRET_POLICY.prefix} must be base64` };
  const key = Buffer.from(encoded, 'base64');
  // Only canonical base64: otherwise two spellings of one key would both be "the" secret.
  if (key.toString('base64') !== encoded)
    return { message: `the part after ${WEBHOOK_SECRET_POLICY.prefix} is not canonical base64` };
  if (key.length < WEBHOOK_SECRET_POLICY.min_key_bytes) {
    return {
      message: `the secret's key is ${key.length} bytes; at least ${WEBHOOK_SECRET_POLICY.min_key_bytes} are required`,
    };
  }
  return { key };
}

/** Problems of a secret against the policy, under `path` (a config field, a credential). */
export function secretProblems(secret: string, path: (string | number)[] = ['secret']): Problem[] {
  const { message } = decode(secret);
  return message ? [problem(path, SECRET_POLICY_RULE, message)] : [];
}

/** The HMAC key of a secret that meets the policy; throws (naming the rule) for one that does not. */
export function secretKey(secret: string): Uint8Array {
  const { key, message } = decode(secret);
  if (!key) throw new TypeError(`@trackerkit/core: ${message} [${SECRET_POLICY_RULE}]`);
  return key;
}

/** A new random secret that meets the policy (24 bytes, as Standard Webhooks libraries make). */
export function generateSecret(randomBytes: (n: number) => Uint8Array): string {
  return WEBHOOK_SECRET_POLICY.prefix + Buffer.from(randomBytes(24)).toString('base64');
}
