// The server hosted for a team: an OAuth 2.1 resource server (the MCP authorization spec) in front
// of per-user Tracker identities. Judges: a real authorization server (oidc-provider) issues the
// tokens, and the SDK's own client discovers it from the 401, registers, runs PKCE and calls the
// tools as each user; the emulator decides what each user's own API token may see.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { type RunningHttpServer, startHttpServer } from '../../src/index.ts';
import { openSqliteUserTokens, type UserTokens } from '../../src/oauth/user-tokens.ts';
import { dropUserSchemas, openPostgres } from '../helpers/user-stores.ts';
import {
  type CallResult,
  OTHER_RESOURCE,
  SCOPES,
  signInAt,
  startAuthorizationServer,
} from './authorization-server.ts';
import { consolePost, startTestEmulator, trackerArgs } from './harness.ts';

const textOf = (r: CallResult) => r.content.map((p) => p.text ?? '').join('\n');

let emulator: RunningEmulator;
let as: Awaited<ReturnType<typeof startAuthorizationServer>>;
let mcp: RunningHttpServer;
let userTokens: UserTokens;
let dir: string;
let bobToken: string;
const KEY = Buffer.alloc(32, 7);

beforeAll(async () => {
  emulator = await startTestEmulator();
  dir = await mkdtemp(join(tmpdir(), 'trackerkit-oauth-'));
  userTokens = openSqliteUserTokens(join(dir, 'users.db'), KEY);
  as = await startAuthorizationServer();
  mcp = await startHttpServer({
    port: 0,
    baseUrl: emulator.baseUrl,
    oauth: { issuer: as.issuer, userTokens, tokenKey: KEY },
  });
  as.setResource(mcp.url);
  ({ token: bobToken } = await consolePost<{ token: string }>(emulator, '/accounts', {
    email: 'bob@example.com',
  }));
});
afterAll(async () => {
  await mcp?.close();
  await as?.close();
  await userTokens?.close();
  await emulator?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Signs `user` in at the main server through the SDK client's own OAuth flow. */
const signIn = (user: string, scopes = SCOPES, ttlSeconds = 300) =>
  signInAt(as, mcp.url, user, scopes, ttlSeconds);

describe('OAuth resource server', () => {
  it('publishes Protected Resource Metadata and answers 401 with resource_metadata', async () => {
    const unauthenticated = await post(undefined, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(unauthenticated.status).toBe(401);
    const challenge = unauthenticated.headers.get('www-authenticate') ?? '';
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(metadataUrl).toBe(new URL('/.well-known/oauth-protected-resource/mcp', mcp.url).href);
    const metadata = (await (await fetch(metadataUrl!)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({ resource: mcp.url, scopes_supported: SCOPES });
    expect((metadata.authorization_servers as string[]).map((s) => s.replace(/\/$/, ''))).toEqual([
      as.issuer,
    ]);
  });

  it('each user acts with their own Tracker token: registration, isolation, encryption at rest', async () => {
    const alice = await signIn('alice');
    const bob = await signIn('bob');

    // Before registering, a tool says what to do, and nothing reaches the service.
    const before = await alice.call('list_spaces');
    expect(before.isError).toBe(true);
    expect(textOf(before)).toMatch(/register_tracker_token/);

    const refused = await alice.call('register_tracker_token', { api_token: 'qapi_not_a_real_token' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/401/);

    expect((await alice.call('register_tracker_token', { api_token: emulator.token })).isError).toBeFalsy();
    expect((await bob.call('register_tracker_token', { api_token: bobToken })).isError).toBeFalsy();

    const created = await alice.call('create_tracker', trackerArgs(emulator.spaceId, 'Alice only'));
    expect(created.isError).toBeFalsy();
    const trackerId = created.structuredContent?.tracker_id as string;

    const aliceSpaces = await alice.call('list_spaces');
    expect(JSON.stringify(aliceSpaces.structuredContent)).toContain(emulator.spaceId);
    const bobSpaces = await bob.call('list_spaces');
    expect(bobSpaces.isError).toBeFalsy();
    expect(JSON.stringify(bobSpaces.structuredContent)).not.toContain(emulator.spaceId);
    const peek = await bob.call('get_tracker', { tracker_id: trackerId });
    expect(peek.isError).toBe(true);
    expect(textOf(peek)).toMatch(/404/);
    const touch = await bob.call('delete_tracker', { tracker_id: trackerId });
    expect(touch.isError).toBe(true);
    expect(textOf(touch)).toMatch(/404/);
    expect((await alice.call('get_tracker', { tracker_id: trackerId })).isError).toBeFalsy();

    // The rest of the assistant's scenario, as alice: context, a run, its signal, then cleaning up.
    const rows = [
      { sku: 'A-1', late_days: 9 },
      { sku: 'A-2', late_days: 12 },
    ];
    const upload = await alice.call('upload_vault_data', {
      tracker_id: trackerId,
      source_name: 'deliveries',
      rows,
    });
    expect(upload.structuredContent).toMatchObject({ rows_processed: 2 });
    const run = await alice.call('run_tracker', {
      tracker_id: trackerId,
      context: { emulator: { score: 2 } },
    });
    expect(run.structuredContent).toMatchObject({ done: true, score: 2, signal: 'Negative' });
    const runs = await alice.call('list_runs', { tracker_id: trackerId });
    expect(runs.structuredContent).toMatchObject({ total_items: 1 });
    expect(textOf(await bob.call('list_runs', { tracker_id: trackerId }))).toMatch(/failed with 404/);
    expect((await alice.call('delete_tracker', { tracker_id: trackerId })).isError).toBeFalsy();
    expect((await alice.call('get_tracker', { tracker_id: trackerId })).isError).toBe(true);

    // Sealed at rest: neither token is in the file; the OAuth token never reached the service.
    const file =
      readFileSync(join(dir, 'users.db')).toString('latin1') +
      readFileSync(join(dir, 'users.db-wal')).toString('latin1');
    expect(file).not.toContain(emulator.token);
    expect(file).not.toContain(bobToken);

    expect((await alice.call('forget_tracker_token')).structuredContent).toEqual({ forgotten: true });
    expect(textOf(await alice.call('list_spaces'))).toMatch(/register_tracker_token/);
    await alice.close();
    await bob.close();
  });

  it('a read-only grant reads but cannot call a write tool: 403 insufficient_scope naming the write scope', async () => {
    const reader = await signIn('reader', ['tracker:read']);
    await reader.call('register_tracker_token', { api_token: emulator.token });
    expect((await reader.call('list_spaces')).isError).toBeFalsy();
    const write = await post(reader.auth.accessToken!, {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'create_tracker', arguments: trackerArgs(emulator.spaceId, 'Not allowed') },
    });
    expect(write.status).toBe(403);
    expect(write.headers.get('www-authenticate')).toMatch(/error="insufficient_scope"/);
    expect(write.headers.get('www-authenticate')).toMatch(/scope="tracker:read tracker:write"/);
    const trackers = await reader.call('list_trackers', { space_id: emulator.spaceId });
    expect(JSON.stringify(trackers.structuredContent)).not.toContain('Not allowed');
    await reader.close();
  });

  it('steps up: the SDK client answers the 403 by asking the user for the write scope, then the call goes through', async () => {
    const grower = await signIn('grower', ['tracker:read']);
    await grower.call('register_tracker_token', { api_token: emulator.token });
    as.signIn('grower', SCOPES); // the user may now grant writes
    const created = await grower.call('create_tracker', trackerArgs(emulator.spaceId, 'After step-up'));
    expect(created.isError).toBeFalsy();
    expect(grower.stepUps).toBe(1);
    await grower.close();
  });

  it.each([
    ['another audience', () => as.machineToken(OTHER_RESOURCE), /not for this server/],
    ['no user (client credentials)', () => as.machineToken(mcp.url), /names no user/],
    ['a token signed by someone else', async () => forged(), /not valid/],
  ])('refuses %s with 401 invalid_token', async (_name, token, reason) => {
    const response = await post(await token(), {});
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/error="invalid_token"/);
    expect(challenge).toMatch(/resource_metadata=/);
    expect(((await response.json()) as { error_description: string }).error_description).toMatch(reason);
  });

  it('refuses an expired token with 401 invalid_token', async () => {
    const late = await signIn('late', SCOPES, 1);
    await late.close();
    // Refused once the token's one second has passed on the server's clock.
    const response = await waitUntil(
      async () => {
        const answer = await post(late.auth.accessToken!, {});
        return answer.status === 401 ? answer : undefined;
      },
      { interval: 100, what: 'the expired token refused' },
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(((await response.json()) as { error_description: string }).error_description).toMatch(/expired/);
  });
});

describe('replicas sharing the user store in PostgreSQL', () => {
  afterAll(dropUserSchemas);

  it('a token registered through one replica serves its user on the other; a store that cannot answer is 503', async () => {
    const alice = await signIn('alice');
    const access = alice.auth.accessToken!;
    await alice.close();
    const first = await openPostgres(KEY);
    const second = await openPostgres(KEY, first.name);
    // Both behind one public URL, as behind a load balancer: the audience of alice's token.
    const replica = (userTokens: UserTokens) =>
      startHttpServer({
        port: 0,
        baseUrl: emulator.baseUrl,
        oauth: { issuer: as.issuer, userTokens, tokenKey: KEY, resource: mcp.url },
      });
    const one = await replica(first);
    const two = await replica(second);
    try {
      const register = await post(
        access,
        toolCall('register_tracker_token', { api_token: emulator.token }),
        one.url,
      );
      expect(await register.text()).toMatch(/Registered/);
      const listed = await post(access, toolCall('list_spaces', {}), two.url);
      expect(await listed.text()).toContain(emulator.spaceId);

      await second.close(); // the database is gone for replica two
      const down = await post(access, toolCall('list_spaces', {}), two.url);
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
    } finally {
      await one.close();
      await two.close();
      await first.close();
    }
  });
});

const toolCall = (name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** One raw MCP request over HTTP (2025-era, stateless), with `token` as the bearer when given. */
function post(token: string | undefined, body: unknown, url = mcp.url): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify(body),
  });
}

/** A JWT shaped like the real ones but signed with a key the authorization server never published. */
async function forged(): Promise<string> {
  const { SignJWT, generateKeyPair } = await import('jose');
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT({ scope: SCOPES.join(' '), sub: 'alice' })
    .setProtectedHeader({ alg: 'RS256', kid: 'test' })
    .setIssuer(as.issuer)
    .setAudience(mcp.url)
    .setExpirationTime('5m')
    .sign(privateKey);
}
