// Registration links (team mode, OAuth): the page only stages a token, and the signed-in user's
// own MCP session confirms it with the code the page showed. Judges: a real authorization server
// (oidc-provider) signs the users in, the emulator decides what each API token sees, and each
// user store (SQLite, PostgreSQL) keeps the links. A link stages at most once; a token staged by
// anyone but the user the link was made for can never become that user's.
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHttpServer, startHttpServer } from '../../src/index.ts';
import { createRegistrationLinks } from '../../src/oauth/registration-link.ts';
import type { UserTokens } from '../../src/oauth/user-tokens.ts';
import { dropUserSchemas, USER_STORES } from '../helpers/user-stores.ts';
import { type CallResult, signInAt, startAuthorizationServer } from './authorization-server.ts';
import { consolePost, startTestEmulator } from './harness.ts';

const KEY = Buffer.alloc(32, 7);
const CODE = /id="confirmation_code">([0-9A-Z]{4}-[0-9A-Z]{4})</;

let emulator: RunningEmulator;
let as: Awaited<ReturnType<typeof startAuthorizationServer>>;
/** The public URL users' tokens name (the audience); every server below is a replica behind it. */
let audience: RunningHttpServer;
let audienceStore: UserTokens;
let bobToken: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  as = await startAuthorizationServer();
  audienceStore = await USER_STORES[0]![1](KEY);
  audience = await startHttpServer({
    port: 0,
    baseUrl: emulator.baseUrl,
    oauth: { issuer: as.issuer, userTokens: audienceStore, tokenKey: KEY },
  });
  as.setResource(audience.url);
  ({ token: bobToken } = await consolePost<{ token: string }>(emulator, '/accounts', {
    email: 'bob@example.com',
  }));
});
afterAll(async () => {
  await audience?.close();
  await audienceStore?.close();
  await as?.close();
  await emulator?.close();
  await dropUserSchemas();
});

/** A signed-in user's access token (the SDK client's own OAuth flow). */
async function accessOf(user: string): Promise<string> {
  const session = await signInAt(as, audience.url, user);
  await session.close();
  return session.auth.accessToken!;
}

/** One tool call over HTTP (2025-era, stateless) to `url` with `access` as the bearer. */
async function callAt(url: string, access: string, name: string, args: Record<string, unknown> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${access}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const body = await response.text();
  const json = body.startsWith('{') ? body : (/^data: (.*)$/m.exec(body)?.[1] ?? body);
  const message = JSON.parse(json) as { result?: CallResult; error?: { message: string } };
  if (!message.result) throw new Error(`${name}: ${response.status} ${body}`);
  return message.result;
}

const textOf = (r: CallResult) => r.content.map((p) => p.text ?? '').join('\n');

/** The page's form, sent as a browser sends it (no cookie, no bearer: the page has none). */
const submit = (url: string, token: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_token: token }),
  });

describe('the registration page', () => {
  it('stages the token; the signed-in session confirms it with the code; the token never passes through the conversation', async () => {
    const carol = await signInAt(as, audience.url, 'carol');
    const asked = await carol.call('register_tracker_token', {});
    expect(asked.isError).toBeFalsy();
    const link = String(asked.structuredContent?.link);
    expect(link.startsWith(new URL('/register/', audience.url).href)).toBe(true);
    expect(textOf(asked)).toContain(link);
    expect(textOf(asked)).toMatch(/confirmation_code/);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const form = await page.text();
    expect(form).toContain('<b>carol</b>');
    expect(form).toMatch(/<input[^>]+name="api_token"[^>]+type="password"/);

    const wrong = await submit(link, 'qapi_not_a_real_token');
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toMatch(/refused this token \(401\)/);

    // A form posted from another site is refused before anything is read (the endpoint's Origin check).
    const forged = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ api_token: bobToken }),
    });
    expect(forged.status).toBe(403);

    const staged = await submit(link, emulator.token);
    expect(staged.status).toBe(200);
    const stagedPage = await staged.text();
    expect(stagedPage).toMatch(/not registered yet/);
    expect(stagedPage).toContain('Default space'); // the spaces the token sees, so the user knows whose it is
    const code = CODE.exec(stagedPage)?.[1];
    expect(code).toBeDefined();
    // Staged is not registered: tools still say what to do.
    expect(textOf(await carol.call('list_spaces'))).toMatch(/register_tracker_token/);

    const mistyped = await carol.call('register_tracker_token', { confirmation_code: 'ZZZZ-ZZZZ' });
    expect(mistyped.isError).toBe(true);
    expect(textOf(mistyped)).toMatch(/confirmation_code.*does not match/);

    const confirmed = await carol.call('register_tracker_token', {
      confirmation_code: code!.toLowerCase().replace('-', ' '),
    });
    expect(confirmed.isError).toBeFalsy();
    expect(confirmed.structuredContent).toMatchObject({ registered: true });
    expect(textOf(confirmed)).toContain('Default space');
    expect(JSON.stringify((await carol.call('list_spaces')).structuredContent)).toContain(emulator.spaceId);

    // Used: the page says so, again and again; the code confirms nothing a second time.
    expect((await fetch(link)).status).toBe(410);
    expect((await carol.call('register_tracker_token', { confirmation_code: code })).isError).toBe(true);

    const unknown = link.slice(0, -4) + (link.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await fetch(unknown)).status).toBe(404);
    const expired = await createRegistrationLinks(audienceStore.links, KEY, { ttlMs: -1 }).issue({
      issuer: as.issuer,
      subject: 'carol',
    });
    expect((await submit(new URL(`/register/${expired}`, audience.url).href, emulator.token)).status).toBe(
      410,
    );
    await carol.close();
  });

  it('escapes what it shows of the user', async () => {
    const odd = await signInAt(as, audience.url, '<img src=x onerror=alert(1)>');
    const link = String((await odd.call('register_tracker_token', {})).structuredContent?.link);
    const form = await (await fetch(link)).text();
    expect(form).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(form).not.toContain('<img');
    await odd.close();
  });
});

describe.each(USER_STORES)('a registration link on %s', (kind, open) => {
  let store: UserTokens;
  let replica: RunningHttpServer;
  beforeAll(async () => {
    store = await open(KEY);
    replica = await startHttpServer({
      port: 0,
      baseUrl: emulator.baseUrl,
      oauth: { issuer: as.issuer, userTokens: store, tokenKey: KEY, resource: audience.url },
    });
  });
  afterAll(async () => {
    await replica?.close();
    await store?.close();
  });

  /** The replica's copy of a link (links name the public URL, the audience). */
  const onReplica = (link: string) => new URL(new URL(link).pathname, replica.url).href;
  const linkFor = async (access: string) =>
    onReplica(String((await callAt(replica.url, access, 'register_tracker_token')).structuredContent?.link));

  it('registers at most once: the same link posted again with another API token is refused, and the mapping is unchanged', async () => {
    const alice = await accessOf(`alice-${kind}`);
    const link = await linkFor(alice);
    const first = await submit(link, emulator.token);
    expect(first.status).toBe(200);
    const firstPage = await first.text();

    // The attack: the link from the transcript, Bob's API token, no cookie, no bearer.
    const again = await submit(link, bobToken);
    expect(again.status).toBe(410);
    expect(await again.text()).toMatch(/already used/);

    const code = CODE.exec(firstPage)?.[1];
    expect(
      (await callAt(replica.url, alice, 'register_tracker_token', { confirmation_code: code })).isError,
    ).toBeFalsy();
    const afterward = await submit(link, bobToken);
    expect(afterward.status).toBe(410);
    const spaces = await callAt(replica.url, alice, 'list_spaces');
    expect(JSON.stringify(spaces.structuredContent)).toContain(emulator.spaceId);
  });

  it("a token a stranger staged first never becomes the user's: the user is refused clearly, and the stranger cannot confirm it", async () => {
    const alice = await accessOf(`alice2-${kind}`);
    const bob = await accessOf(`bob-${kind}`);
    const link = await linkFor(alice);

    const stranger = await submit(link, bobToken);
    expect(stranger.status).toBe(200);
    const strangersCode = CODE.exec(await stranger.text())?.[1];
    expect(strangersCode).toBeDefined();

    // Alice finds the link used, and her session has no code that confirms the stranger's token.
    const late = await submit(link, emulator.token);
    expect(late.status).toBe(410);
    expect(await late.text()).toMatch(/already used.*new one/s);
    const guessed = await callAt(replica.url, alice, 'register_tracker_token', {
      confirmation_code: 'ABCD-EFGH',
    });
    expect(guessed.isError).toBe(true);
    expect(textOf(await callAt(replica.url, alice, 'list_spaces'))).toMatch(/register_tracker_token/);

    // Bob, signed in as himself, holds the code but the link was not made for him.
    const hijack = await callAt(replica.url, bob, 'register_tracker_token', {
      confirmation_code: strangersCode,
    });
    expect(hijack.isError).toBe(true);
    expect(textOf(hijack)).toMatch(/no API token is waiting/);
    expect(textOf(await callAt(replica.url, bob, 'list_spaces'))).toMatch(/register_tracker_token/);
    expect(await store.get({ issuer: as.issuer, subject: `alice2-${kind}` })).toBeUndefined();
  });
});
