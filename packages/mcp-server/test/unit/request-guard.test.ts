import { describe, expect, it } from 'vitest';
import { createRequestGuard } from '../../src/index.ts';

describe('createRequestGuard', () => {
  const local = createRequestGuard({ host: '127.0.0.1', authToken: 'l0cal' });
  const auth = { authorization: 'Bearer l0cal' };
  const withToken = createRequestGuard({
    host: '0.0.0.0',
    authToken: 's3cret',
    allowedHosts: ['mcp.internal'],
  });

  it.each([
    [
      'loopback host accepted',
      { guard: local, headers: { host: '127.0.0.1:3100', ...auth }, want: undefined },
    ],
    ['token required on loopback too', { guard: local, headers: { host: '127.0.0.1:3100' }, want: 401 }],
    [
      'localhost with a localhost origin accepted',
      {
        guard: local,
        headers: { host: 'localhost:3100', origin: 'http://localhost:5173', ...auth },
        want: undefined,
      },
    ],
    ['rebound host rejected', { guard: local, headers: { host: 'evil.example.com' }, want: 403 }],
    [
      'hostile origin rejected',
      { guard: local, headers: { host: 'localhost:3100', origin: 'http://evil.example.com' }, want: 403 },
    ],
    ['missing host rejected', { guard: local, headers: {}, want: 403 }],
    [
      'token required beyond loopback',
      { guard: withToken, headers: { host: 'mcp.internal:3100' }, want: 401 },
    ],
    [
      'wrong token rejected',
      { guard: withToken, headers: { host: 'mcp.internal', authorization: 'Bearer nope' }, want: 401 },
    ],
    [
      'right token accepted',
      {
        guard: withToken,
        headers: { host: 'mcp.internal', authorization: 'Bearer s3cret' },
        want: undefined,
      },
    ],
    [
      'unlisted host rejected even with the token',
      { guard: withToken, headers: { host: 'evil.example.com', authorization: 'Bearer s3cret' }, want: 403 },
    ],
  ])('%s', async (_name, { guard, headers, want }) => {
    const got = await guard(headers);
    expect(got instanceof Response ? got.status : undefined).toBe(want);
  });

  it('checkOrigin (for CORS preflights, which carry no token) checks Host and Origin only', async () => {
    const allowed = createRequestGuard({
      host: '127.0.0.1',
      authToken: 't',
      allowedOrigins: ['https://app.example'],
    });
    expect(allowed.checkOrigin({ host: 'localhost', origin: 'https://app.example' })).toBeUndefined();
    expect(allowed.checkOrigin({ host: 'localhost', origin: 'https://evil.example' })?.status).toBe(403);
    expect(await allowed({ host: 'localhost', origin: 'https://app.example' })).toHaveProperty('status', 401);
  });

  it('an allowed origin is matched whole: another scheme or port of its host is refused', () => {
    const allowed = createRequestGuard({
      host: '127.0.0.1',
      authToken: 't',
      allowedOrigins: ['https://app.example'],
    });
    expect(allowed.checkOrigin({ host: 'localhost', origin: 'http://app.example' })?.status).toBe(403);
    expect(allowed.checkOrigin({ host: 'localhost', origin: 'https://app.example:8443' })?.status).toBe(403);
    // The opaque origin of sandboxed pages and files is refused (the SDK's deny-on-failure).
    expect(allowed.checkOrigin({ host: 'localhost', origin: 'null' })?.status).toBe(403);
  });

  it('under OAuth the public URL (--public-url) names an allowed host, as the bound address does', () => {
    const hosted = createRequestGuard({
      host: '0.0.0.0',
      oauth: {
        verifier: { verifyAccessToken: async () => Promise.reject(new Error('no tokens here')) },
        resource: new URL('https://mcp.example.com/mcp'),
        requiredScopes: [],
        resourceMetadataUrl: 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
      },
    });
    expect(hosted.checkOrigin({ host: 'mcp.example.com' })).toBeUndefined();
    expect(
      hosted.checkOrigin({ host: 'mcp.example.com', origin: 'https://mcp.example.com' }),
    ).toBeUndefined();
    expect(hosted.checkOrigin({ host: 'other.example.com' })?.status).toBe(403);
  });

  it("a refused token gets the SDK's RFC 6750 challenge", async () => {
    const refused = await local({ host: '127.0.0.1:3100', authorization: 'Bearer nope' });
    if (!(refused instanceof Response)) throw new Error('the token was accepted');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect(await refused.json()).toMatchObject({ error: 'invalid_token' });
  });
});
