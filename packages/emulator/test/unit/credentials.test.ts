import { describe, expect, it } from 'vitest';
import {
  Credentials,
  credentialValues,
  isCredentialField,
  isCredentialHeader,
  redaction,
} from '../../src/journal/credentials.ts';
import { normalisedPathProblem } from '../../src/routing/request-target.ts';

describe('credential names', () => {
  it.each<[string, { given: string; want: boolean }]>([
    ['Authorization', { given: 'authorization', want: true }],
    ['X-Auth-Token', { given: 'x-auth-token', want: true }],
    ['Api-Key', { given: 'api-key', want: true }],
    ['X-API-Key', { given: 'x-api-key', want: true }],
    ['Proxy-Authorization', { given: 'proxy-authorization', want: true }],
    ['Cookie', { given: 'cookie', want: true }],
    ['X-Amz-Security-Token', { given: 'x-amz-security-token', want: true }],
    ['Idempotency-Key (no secret: tests read it)', { given: 'idempotency-key', want: false }],
    ['Content-Type', { given: 'content-type', want: false }],
    ['X-Emulator-Fault', { given: 'x-emulator-fault', want: false }],
  ])('header %s', (_name, { given, want }) => {
    expect(isCredentialHeader(given)).toBe(want);
  });

  it.each<[string, { given: string; want: boolean }]>([
    ['token', { given: 'token', want: true }],
    ['access_token', { given: 'access_token', want: true }],
    ['accessToken', { given: 'accessToken', want: true }],
    ['api_key', { given: 'api_key', want: true }],
    ['apiKey', { given: 'apiKey', want: true }],
    ['client_secret', { given: 'client_secret', want: true }],
    ['password', { given: 'password', want: true }],
    ['token_count (a count)', { given: 'token_count', want: false }],
    ['signal', { given: 'signal', want: false }],
    ['space_id', { given: 'space_id', want: false }],
  ])('field %s', (_name, { given, want }) => {
    expect(isCredentialField(given)).toBe(want);
  });
});

describe('redaction', () => {
  const SECRET = 'qapi_secret_0123456789';
  const redact = redaction([SECRET, 'short']);

  it.each<[string, { given: () => unknown; want: unknown }]>([
    ['a known value in text', { given: () => redact.text(`a ${SECRET} b`), want: 'a [redacted] b' }],
    ['a short known value is not cut', { given: () => redact.text('a short b'), want: 'a short b' }],
    [
      'a path id, raw or percent-encoded',
      {
        given: () => [
          redact.path(`/v1/api/trackers/${SECRET}`),
          redact.path('/v1/api/trackers/qapi%5Fsecret_0123456789'),
        ],
        want: ['/v1/api/trackers/[redacted]', '/v1/api/trackers/[redacted]'],
      },
    ],
    [
      'query: a credential name whole, a known value anywhere',
      {
        given: () => redact.query(new URLSearchParams(`token=x&q=${SECRET}&space_id=spc_1&token=y`)),
        want: { token: ['[redacted]', '[redacted]'], q: '[redacted]', space_id: 'spc_1' },
      },
    ],
    [
      'headers',
      {
        given: () =>
          redact.headers({ 'x-auth-token': 'abc', referer: `http://x/?t=${SECRET}`, accept: '*/*' }),
        want: { 'x-auth-token': '[redacted]', referer: 'http://x/?t=[redacted]', accept: '*/*' },
      },
    ],
    [
      'JSON: credential fields, known values in strings and keys, __proto__ kept as data',
      {
        given: () =>
          redact.json(
            JSON.parse(
              `{"rows":[{"api_key":1234,"note":"${SECRET}","${SECRET}":true}],"__proto__":{"password":"p"},"token_count":3}`,
            ),
          ),
        want: JSON.parse(
          '{"rows":[{"api_key":"[redacted]","note":"[redacted]","[redacted]":true}],"__proto__":{"password":"[redacted]"},"token_count":3}',
        ),
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(given()).toEqual(want);
  });

  it('JSON deeper than the walk goes is replaced, not recursed into', () => {
    let deep: unknown = SECRET;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(JSON.stringify(redact.json(deep))).not.toContain(SECRET);
  });
});

describe('credentials a request carries', () => {
  it('takes the value after the scheme, a Basic password, cookies and credential parameters', () => {
    const basic = Buffer.from('ops:pa55word-long').toString('base64');
    expect(
      credentialValues(
        {
          authorization: 'Bearer tok-123456789',
          'proxy-authorization': `Basic ${basic}`,
          cookie: 'sid=cookie-value-1',
        },
        new URLSearchParams('access_token=qs-value-12345&space_id=spc_1'),
      ),
    ).toEqual(expect.arrayContaining(['tok-123456789', 'pa55word-long', 'cookie-value-1', 'qs-value-12345']));
  });

  it('remembers what one request carried for the next, within a bound', () => {
    const credentials = new Credentials(() => []);
    credentials.of({ 'x-auth-token': 'seen-in-a-header-1' });
    expect(credentials.all().text('body: seen-in-a-header-1')).toBe('body: [redacted]');
    for (let i = 0; i < 300; i++)
      credentials.of({ 'x-auth-token': `later-token-${String(i).padStart(4, '0')}` });
    expect(credentials.all().text('seen-in-a-header-1')).toBe('seen-in-a-header-1');
  });
});

describe('normalisedPathProblem', () => {
  it.each<[string, { given: string; want: RegExp | undefined }]>([
    ['a plain path', { given: '/api/trackers/trk_1', want: undefined }],
    ['an encoded space in an id', { given: '/api/trackers/a%20b', want: undefined }],
    ['..', { given: '/../admin', want: /dot segment/ }],
    ['%2e%2e', { given: '/%2e%2e/admin', want: /dot segment/ }],
    ['.', { given: '/./api', want: /dot segment/ }],
    ['%2f', { given: '/api/..%2fadmin', want: /encoded slash/ }],
    ['%5c', { given: '/api/x%5cy', want: /encoded slash or backslash/ }],
    ['\\', { given: '/api\\..\\admin', want: /backslash/ }],
    ['//', { given: '/api//trackers', want: /empty segment/ }],
    ['%zz', { given: '/api/%zz', want: /percent-encoding/ }],
  ])('%s', (_name, { given, want }) => {
    const got = normalisedPathProblem(given);
    if (want === undefined) expect(got).toBeUndefined();
    else expect(got).toMatch(want);
  });
});
