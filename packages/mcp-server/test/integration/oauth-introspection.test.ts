// Opaque access tokens, checked by introspection (RFC 7662) against the same real authorization
// server (oidc-provider, issuing opaque tokens for this resource): the user signs in through the
// SDK client and acts with their own Tracker token; foreign, machine and unknown tokens get 401.
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHttpServer, startHttpServer } from '../../src/index.ts';
import { openSqliteUserTokens, type UserTokens } from '../../src/oauth/user-tokens.ts';
import {
  type AuthorizationServer,
  OTHER_RESOURCE,
  RESOURCE_SERVER,
  signInAt,
  startAuthorizationServer,
} from './authorization-server.ts';
import { startTestEmulator } from './harness.ts';

let emulator: RunningEmulator;
let as: AuthorizationServer;
let mcp: RunningHttpServer;
let userTokens: UserTokens;

beforeAll(async () => {
  emulator = await startTestEmulator();
  as = await startAuthorizationServer();
  userTokens = openSqliteUserTokens(':memory:', Buffer.alloc(32, 8));
  mcp = await startHttpServer({
    port: 0,
    baseUrl: emulator.baseUrl,
    oauth: { issuer: as.issuer, userTokens, tokenKey: Buffer.alloc(32, 8), introspection: RESOURCE_SERVER },
  });
  as.setResource(mcp.url);
  as.addOpaqueResource(mcp.url);
  as.addOpaqueResource(OTHER_RESOURCE);
});
afterAll(async () => {
  await mcp?.close();
  await as?.close();
  await userTokens?.close();
  await emulator?.close();
});

const call = (token: string) =>
  fetch(mcp.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });

describe('opaque access tokens (introspection)', () => {
  it('a user signs in with an opaque token and acts with their own Tracker token', async () => {
    const dave = await signInAt(as, mcp.url, 'dave');
    expect(dave.auth.accessToken).not.toContain('.'); // not a JWT: only introspection can check it
    expect((await dave.call('register_tracker_token', { api_token: emulator.token })).isError).toBeFalsy();
    const spaces = await dave.call('list_spaces');
    expect(JSON.stringify(spaces.structuredContent)).toContain(emulator.spaceId);
    await dave.close();
  });

  it.each([
    ['for another audience', () => as.machineToken(OTHER_RESOURCE), /not for this server/],
    ['for no user (client credentials)', () => as.machineToken(mcp.url), /names no user/],
    ['unknown to the authorization server', async () => 'made-up-token-value', /not active/],
  ])('an opaque token %s gets 401 invalid_token', async (_name, token, reason) => {
    const minted = await token();
    expect(minted).not.toContain('.');
    const response = await call(minted);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(((await response.json()) as { error_description: string }).error_description).toMatch(reason);
  });
});
