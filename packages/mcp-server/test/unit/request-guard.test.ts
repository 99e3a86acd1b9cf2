import { describe, expect, it } from 'vitest';
import { createRequestGuard } from '../../src/index.ts';

describe('createRequestGuard', () => {
  const local = createRequestGuard({ host: '127.0.0.1' });
  const withToken = createRequestGuard({
    host: '0.0.0.0',
    authToken: 's3cret',
    allowedHosts: ['mcp.internal'],
  });

  it.each([
    ['loopback host accepted', { guard: local, headers: { host: '127.0.0.1:3100' }, want: undefined }],
    [
      'localhost with a localhost origin accepted',
      { guard: local, headers: { host: 'localhost:3100', origin: 'http://localhost:5173' }, want: undefined },
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
  ])('%s', (_name, { guard, headers, want }) => {
    expect(guard(headers)?.status).toBe(want);
  });
});
