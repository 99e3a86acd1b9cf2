import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareOAuth } from '../../../src/oauth/oauth-settings.ts';
import { openSqliteUserTokens } from '../../../src/oauth/user-tokens.ts';

// An authorization server's metadata, as each case serves it (at the RFC 8414 well-known path).
let document: Record<string, unknown> = {};
let server: Server;
let issuer: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url !== '/.well-known/oauth-authorization-server') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const userTokens = openSqliteUserTokens(':memory:', Buffer.alloc(32));
const introspection = { clientId: 'rs', clientSecret: 's' };

describe('prepareOAuth refuses, at start-up, an authorization server it could not check tokens of', () => {
  it.each([
    [
      'another issuer in the metadata',
      { issuer: 'https://elsewhere.example' },
      undefined,
      /names issuer "https:\/\/elsewhere\.example"/,
    ],
    [
      'no jwks_uri and no introspection credentials',
      {},
      undefined,
      /publishes no jwks_uri, so its tokens are opaque: set TRACKERKIT_MCP_OAUTH_CLIENT_ID/,
    ],
    [
      'introspection credentials but no introspection_endpoint',
      { jwks_uri: 'http://127.0.0.1:1/jwks' },
      introspection,
      /TRACKERKIT_MCP_OAUTH_CLIENT_ID: the authorization server publishes no introspection_endpoint/,
    ],
  ])('%s', async (_name, served, withIntrospection, want) => {
    document = { issuer, ...served };
    await expect(
      prepareOAuth({ issuer, userTokens, tokenKey: Buffer.alloc(32), introspection: withIntrospection }),
    ).rejects.toThrow(want);
  });

  it.each([
    ['JWTs only', { jwks_uri: 'http://127.0.0.1:1/jwks' }, undefined],
    ['introspection only', { introspection_endpoint: 'http://127.0.0.1:1/introspect' }, introspection],
  ])('accepts %s', async (_name, served, withIntrospection) => {
    document = { issuer, ...served };
    const prepared = await prepareOAuth({
      issuer,
      userTokens,
      tokenKey: Buffer.alloc(32),
      introspection: withIntrospection,
    });
    expect(
      prepared.resolve('http://127.0.0.1:3100/mcp', 'http://127.0.0.1:4010/v1').guard.requiredScopes,
    ).toEqual(['tracker:read']);
  });
});
