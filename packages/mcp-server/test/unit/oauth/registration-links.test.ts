import { afterAll, describe, expect, it } from 'vitest';
import { LINKS_PER_USER } from '../../../src/oauth/link-store.ts';
import {
  createRegistrationLinks,
  MAX_CONFIRMATION_FAILURES,
  normalizeConfirmationCode,
  type StagedToken,
} from '../../../src/oauth/registration-link.ts';
import { dropUserSchemas, USER_STORES } from '../../helpers/user-stores.ts';

const key = Buffer.alloc(32, 5);
const alice = { issuer: 'https://id.example', subject: 'alice' };
const bob = { issuer: 'https://id.example', subject: 'bob' };
afterAll(dropUserSchemas);

describe('normalizeConfirmationCode', () => {
  it.each([
    ['as shown', { given: '7KQ2-M9XD', want: '7KQ2M9XD' }],
    ['lower case, a space', { given: '7kq2 m9xd', want: '7KQ2M9XD' }],
    ['O for zero, I and L for one', { given: 'OIL2-M9XD', want: '0112M9XD' }],
  ])('%s', (_name, { given, want }) => {
    expect(normalizeConfirmationCode(given)).toBe(want);
  });
});

describe.each(USER_STORES)('registration links on %s', (_kind, open) => {
  it('a link stages once, even when two POSTs race; only its user confirms, once', async () => {
    const store = await open(key);
    const links = createRegistrationLinks(store.links, key);
    const code = await links.issue(alice);
    expect(await links.open(code)).toEqual({ user: alice, status: 'open' });
    // Only the code's hash is stored: the code itself finds no row.
    expect(await store.links.get(code)).toBeUndefined();

    const raced = await Promise.all([links.stage(code, alice, 'qapi_a'), links.stage(code, alice, 'qapi_b')]);
    const shown = raced.filter((c) => c !== undefined);
    expect(shown).toHaveLength(1);
    expect(await links.open(code)).toEqual({ user: alice, status: 'used' });
    expect(await links.stage(code, alice, 'qapi_c')).toBeUndefined();

    expect(await links.find(bob, shown[0]!)).toBe('none');
    expect(await links.find(alice, 'ZZZZ-ZZZZ')).toBe('mismatch');
    const found = (await links.find(alice, shown[0]!.toLowerCase())) as StagedToken;
    expect(['qapi_a', 'qapi_b']).toContain(found.token);
    expect(await Promise.all([found.claim(), found.claim()])).toEqual(expect.arrayContaining([true, false]));
    expect(await links.find(alice, shown[0]!)).toBe('none');
    await store.close();
  });

  it(`${MAX_CONFIRMATION_FAILURES} wrong codes drop what is staged`, async () => {
    const store = await open(key);
    const links = createRegistrationLinks(store.links, key);
    const code = await links.issue(alice);
    const shown = (await links.stage(code, alice, 'qapi_a'))!;
    for (let i = 0; i < MAX_CONFIRMATION_FAILURES; i++)
      expect(await links.find(alice, 'ZZZZ-ZZZZ')).toBe('mismatch');
    expect(await links.find(alice, shown)).toBe('none');
    await store.close();
  });

  it('an expired link stages nothing; a staged token expires unconfirmed', async () => {
    const store = await open(key);
    let clock = 1_000_000;
    const links = createRegistrationLinks(store.links, key, { ttlMs: 1000, now: () => clock });
    const late = await links.issue(alice);
    clock += 1001;
    expect(await links.open(late)).toEqual({ user: alice, status: 'expired' });
    expect(await links.stage(late, alice, 'qapi_a')).toBeUndefined();

    const code = await links.issue(alice);
    const shown = (await links.stage(code, alice, 'qapi_a'))!;
    clock += 1001;
    expect(await links.find(alice, shown)).toBe('none');
    await store.close();
  });

  it(`a user holds at most ${LINKS_PER_USER} links: a new one replaces the oldest`, async () => {
    const store = await open(key);
    let clock = 1_000_000;
    const links = createRegistrationLinks(store.links, key, { now: () => clock++ });
    const codes: string[] = [];
    for (let i = 0; i <= LINKS_PER_USER; i++) codes.push(await links.issue(alice));
    const other = await links.issue(bob);
    expect(await links.open(codes[0]!)).toBeUndefined();
    for (const code of codes.slice(1)) expect((await links.open(code))?.status).toBe('open');
    expect((await links.open(other))?.status).toBe('open');
    await store.close();
  });
});
