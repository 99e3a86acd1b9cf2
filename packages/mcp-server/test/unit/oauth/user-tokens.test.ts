import { afterAll, describe, expect, it } from 'vitest';
import { createUnsealer, seal, unseal } from '../../../src/oauth/user-tokens.ts';
import { parseTokenKey } from '../../../src/secrets/token-key.ts';
import { dropUserSchemas, USER_STORES } from '../../helpers/user-stores.ts';

const key = Buffer.alloc(32, 3);
afterAll(dropUserSchemas);
const alice = { issuer: 'https://id.example', subject: 'alice' };
const mallory = { issuer: 'https://id.example', subject: 'mallory' };

describe('sealed user tokens', () => {
  it('round-trips, and a fresh nonce makes every seal different', () => {
    const a = seal(key, alice, 'qapi_secret');
    expect(unseal(key, alice, a)).toBe('qapi_secret');
    expect(seal(key, alice, 'qapi_secret').equals(a)).toBe(false);
    expect(a.toString('latin1')).not.toContain('qapi_secret');
  });

  it.each([
    ['another key', () => unseal(Buffer.alloc(32, 4), alice, seal(key, alice, 'qapi_secret'))],
    ["another user's row", () => unseal(key, mallory, seal(key, alice, 'qapi_secret'))],
    [
      'an altered row',
      () => {
        const sealed = seal(key, alice, 'qapi_secret');
        sealed[sealed.length - 1]! ^= 1;
        return unseal(key, alice, sealed);
      },
    ],
  ])('refuses to open with %s', (_name, open) => {
    expect(open).toThrow(/cannot open the stored API token of \w+: TRACKERKIT_MCP_TOKEN_KEY is not the key/);
  });
});

describe('createUnsealer: a row opened once is not decrypted again, and nothing else changes', () => {
  it('opens, and opens the same row again from memory', () => {
    const open = createUnsealer(key);
    const sealed = seal(key, alice, 'qapi_secret');
    expect(open(alice, sealed)).toBe('qapi_secret');
    expect(open(alice, Buffer.from(sealed))).toBe('qapi_secret');
    expect(open(alice, seal(key, alice, 'qapi_other'))).toBe('qapi_other');
  });

  it.each([
    ["another user's row, once it has opened for its own user", (o: Opener, row: Buffer) => o(mallory, row)],
    ['the same row with one byte changed', (o: Opener, row: Buffer) => o(alice, flipLast(row))],
    [
      'a store opened with another key',
      (_o: Opener, row: Buffer) => createUnsealer(Buffer.alloc(32, 4))(alice, row),
    ],
  ])('still refuses %s', (_name, attempt) => {
    const open = createUnsealer(key);
    const row = seal(key, alice, 'qapi_secret');
    expect(open(alice, row)).toBe('qapi_secret');
    expect(() => attempt(open, row)).toThrow(/cannot open the stored API token/);
  });
});

type Opener = ReturnType<typeof createUnsealer>;
const flipLast = (row: Buffer) => {
  const copy = Buffer.from(row);
  copy[copy.length - 1]! ^= 1;
  return copy;
};

describe.each(USER_STORES)('the user store on %s', (_kind, open) => {
  it('keeps one token per user: put replaces, remove says whether there was one', async () => {
    const tokens = await open(key);
    expect(await tokens.get(alice)).toBeUndefined();
    await tokens.put(alice, 'qapi_1');
    await tokens.put(alice, 'qapi_2');
    await tokens.put(mallory, 'qapi_m');
    expect(await tokens.get(alice)).toBe('qapi_2');
    expect(await tokens.remove(alice)).toBe(true);
    expect(await tokens.remove(alice)).toBe(false);
    expect(await tokens.get(mallory)).toBe('qapi_m');
    await tokens.close();
  });

  it('a token sealed under another key does not open (the key rotated without re-registering)', async () => {
    const tokens = await open(key);
    await tokens.put(alice, 'qapi_1');
    const rotated = await open(Buffer.alloc(32, 9), tokens.name);
    await expect(rotated.get(alice)).rejects.toThrow(
      /TRACKERKIT_MCP_TOKEN_KEY is not the key it was sealed with/,
    );
    await tokens.close();
    await rotated.close();
  });
});

describe('parseTokenKey', () => {
  it.each([
    ['missing', undefined, /set TRACKERKIT_MCP_TOKEN_KEY/],
    ['too short', Buffer.alloc(16).toString('base64'), /must be 32 bytes in base64.*got 16 bytes/],
    ['not base64', `${'!'.repeat(43)}=`, /must be 32 bytes in base64/],
  ])('refuses a key that is %s, naming the variable', (_name, raw, want) => {
    expect(() => parseTokenKey(raw)).toThrow(want);
  });

  it('accepts base64 and base64url', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => 250 - i));
    expect(parseTokenKey(bytes.toString('base64')).equals(bytes)).toBe(true);
    expect(parseTokenKey(bytes.toString('base64url')).equals(bytes)).toBe(true);
  });
});
