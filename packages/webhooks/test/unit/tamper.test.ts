import { describe, expect, it } from 'vitest';
import { WebhooksError } from '../../src/errors.ts';
import type { VerifyOptions } from '../../src/verify/types.ts';
import { verify } from '../../src/verify/verify.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';

const NOW = 1_800_000_000_000;
const opts: VerifyOptions = { scheme: 'standard-webhooks', now: () => NOW };
const original = signedRequest(exampleAlert(), { id: 'msg_tamper_1', nowMs: NOW });
const body = Buffer.from(original.body);

function rejected(b: Uint8Array, headers: Record<string, string>, secret = SECRET): boolean {
  try {
    verify(secret, { body: b, headers }, opts);
    return false;
  } catch (error) {
    return error instanceof WebhooksError && error.status === 401;
  }
}

/** Every single-bit flip of a string, as strings (skipping flips that give the same character). */
function flips(value: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i++) {
    for (let bit = 0; bit < 7; bit++) {
      const c = String.fromCharCode(value.charCodeAt(i) ^ (1 << bit));
      out.push(value.slice(0, i) + c + value.slice(i + 1));
    }
  }
  return out;
}

describe('tampering', () => {
  it('the untouched message verifies', () => {
    expect(rejected(body, original.headers)).toBe(false);
  });

  it('flipping any bit of any body byte is rejected', () => {
    let tried = 0;
    for (let i = 0; i < body.length; i++) {
      for (let bit = 0; bit < 8; bit++) {
        const copy = Buffer.from(body);
        copy[i]! ^= 1 << bit;
        expect(rejected(copy, original.headers), `byte ${i} bit ${bit}`).toBe(true);
        tried++;
      }
    }
    expect(tried).toBe(body.length * 8);
  });

  it('appending, truncating or re-encoding the body is rejected', () => {
    expect(rejected(Buffer.concat([body, Buffer.from(' ')]), original.headers)).toBe(true);
    expect(rejected(body.subarray(0, body.length - 1), original.headers)).toBe(true);
    const reencoded = Buffer.from(JSON.stringify(JSON.parse(original.body), null, 1));
    expect(rejected(reencoded, original.headers)).toBe(true);
  });

  it.each(['webhook-id', 'webhook-signature'])('flipping any bit of %s is rejected', (name) => {
    for (const value of flips(original.headers[name]!)) {
      expect(rejected(body, { ...original.headers, [name]: value }), `${name}=${value}`).toBe(true);
    }
  });

  it('changing the timestamp is rejected, inside the tolerance too', () => {
    const ts = Number(original.headers['webhook-timestamp']);
    for (const value of [...flips(String(ts)), String(ts + 1), String(ts - 1), `${ts} `, `0${ts}`]) {
      expect(rejected(body, { ...original.headers, 'webhook-timestamp': value }), value).toBe(true);
    }
  });

  it('flipping any bit of the secret key is rejected', () => {
    const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
    for (let i = 0; i < key.length; i++) {
      for (let bit = 0; bit < 8; bit++) {
        const copy = Buffer.from(key);
        copy[i]! ^= 1 << bit;
        expect(rejected(body, original.headers, `whsec_${copy.toString('base64')}`)).toBe(true);
      }
    }
  });

  it('removing any header is rejected', () => {
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const { [name]: _removed, ...rest } = original.headers;
      expect(rejected(body, rest)).toBe(true);
    }
  });
});
