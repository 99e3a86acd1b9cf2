// The JWT verifier keeps what it verified: a token checked once is not checked again until it
// expires or a minute has passed, a refused token is never kept, and at most 1,024 are kept. Tokens
// are signed here with jose against a key set served on loopback; the verifier's clock is moved by
// hand. A kept verdict is the very AuthInfo the first check returned; a fresh check builds another.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtVerifier } from '../../../src/oauth/jwt-verifier.ts';

const ISSUER = 'https://id.example';
const RESOURCE = 'http://127.0.0.1:7/mcp';
let server: Server;
let jwksUri: string;
let sign: (claims: Record<string, unknown>, expiresAt: number) => Promise<string>;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), alg: 'ES256', kid: 'k1' }] });
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(jwks));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
  sign = (claims, expiresAt) =>
    new SignJWT({ scope: 'tracker:read', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(RESOURCE)
      .setSubject('alice')
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(privateKey);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A verifier on a clock the test moves, starting at the real time (jose checks with the real one). */
function verifierAt(start = Date.now()) {
  const clock = { now: start };
  const verifier = createJwtVerifier({ issuer: ISSUER, jwksUri, resource: RESOURCE, now: () => clock.now });
  return { verify: (token: string) => verifier.verifyAccessToken(token), clock };
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('createJwtVerifier keeps verified tokens', () => {
  it('the same token within the minute: the kept verdict', async () => {
    const { verify, clock } = verifierAt();
    const token = await sign({}, inAnHour());
    const first = await verify(token);
    expect(first.scopes).toEqual(['tracker:read']);
    clock.now += 59_000;
    expect(await verify(token)).toBe(first);
  });

  it('after a minute: checked again', async () => {
    const { verify, clock } = verifierAt();
    const token = await sign({}, inAnHour());
    const first = await verify(token);
    clock.now += 60_000;
    const again = await verify(token);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('never past the token’s own expiry, even within the minute', async () => {
    const expiresAt = inAnHour();
    const { verify, clock } = verifierAt(expiresAt * 1000 - 10_000);
    const token = await sign({}, expiresAt);
    const first = await verify(token);
    clock.now = expiresAt * 1000;
    expect(await verify(token)).not.toBe(first);
  });

  it('a refused token is checked, and refused, every time', async () => {
    const { verify } = verifierAt();
    const token = await sign({}, inAnHour());
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${signature.slice(0, -4)}AAAA`;
    await expect(verify(forged)).rejects.toThrow(/not valid/);
    await expect(verify(forged)).rejects.toThrow(/not valid/);
  });

  it('tokens are kept apart, and 1,024 at most: the oldest is the first to go', async () => {
    const { verify } = verifierAt();
    const expiresAt = inAnHour();
    const tokens = await Promise.all(Array.from({ length: 1025 }, (_, i) => sign({ n: i }, expiresAt)));
    const verdicts = [];
    for (const token of tokens) verdicts.push(await verify(token));
    // The 1,025th pushed out the first; the second is still kept.
    expect(await verify(tokens[1] as string)).toBe(verdicts[1]);
    expect(await verify(tokens[0] as string)).not.toBe(verdicts[0]);
    expect(new Set(verdicts).size).toBe(1025);
  });
});
