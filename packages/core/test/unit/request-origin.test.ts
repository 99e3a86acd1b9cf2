import { describe, expect, it } from 'vitest';
import { allowedHostnames, type OriginPolicy, originRefusal } from '../../src/index.ts';

const local: OriginPolicy = { hosts: allowedHostnames('127.0.0.1'), accepts: ['application/json'] };
const proxied: OriginPolicy = {
  hosts: allowedHostnames('0.0.0.0', ['alerts.example.com']),
  origins: ['https://app.example'],
  accepts: ['application/json'],
  hostsSetting: 'server.allowed_hosts',
};
const json = { 'content-type': 'application/json', 'content-length': '2' };

type Case = [
  string,
  {
    given: { method?: string; headers: Record<string, string>; policy?: OriginPolicy };
    want: undefined | [number, string, string];
  },
];

describe('originRefusal: one rule for every server', () => {
  it.each<Case>([
    // What curl, amtool and other servers send: no Origin, no Sec-Fetch-Site.
    ['curl on loopback', { given: { headers: { host: '127.0.0.1:8787', ...json } }, want: undefined }],
    ['localhost', { given: { headers: { host: 'localhost:8787', ...json } }, want: undefined }],
    ['[::1]', { given: { headers: { host: '[::1]:8787', ...json } }, want: undefined }],
    [
      'a proxy name listed',
      { given: { headers: { host: 'alerts.example.com', ...json }, policy: proxied }, want: undefined },
    ],
    [
      'the UI itself',
      {
        given: {
          headers: {
            host: '127.0.0.1:8787',
            origin: 'http://127.0.0.1:8787',
            'sec-fetch-site': 'same-origin',
            ...json,
          },
        },
        want: undefined,
      },
    ],
    [
      'a page of another port on loopback (same site)',
      {
        given: {
          headers: {
            host: 'localhost:3100',
            origin: 'http://localhost:5173',
            'sec-fetch-site': 'same-site',
            ...json,
          },
        },
        want: undefined,
      },
    ],
    [
      'a listed origin, cross-site by design',
      {
        given: {
          headers: {
            host: 'alerts.example.com',
            origin: 'https://app.example',
            'sec-fetch-site': 'cross-site',
            ...json,
          },
          policy: proxied,
        },
        want: undefined,
      },
    ],
    ['a bodiless POST needs no type', { given: { headers: { host: '127.0.0.1' } }, want: undefined }],
    [
      'an empty body needs no type',
      { given: { headers: { host: '127.0.0.1', 'content-length': '0' } }, want: undefined },
    ],
    ['a DELETE', { given: { method: 'DELETE', headers: { host: '127.0.0.1' } }, want: undefined }],
    [
      'a link from another site (GET)',
      {
        given: { method: 'GET', headers: { host: '127.0.0.1', 'sec-fetch-site': 'cross-site' } },
        want: undefined,
      },
    ],
    [
      'JSON with charset utf-8',
      {
        given: {
          headers: {
            host: '127.0.0.1',
            'content-length': '2',
            'content-type': 'application/json; charset="UTF-8"',
          },
        },
        want: undefined,
      },
    ],
    [
      'application/*+json',
      {
        given: {
          headers: {
            host: '127.0.0.1',
            'content-length': '2',
            'content-type': 'application/merge-patch+json',
          },
        },
        want: undefined,
      },
    ],
    // Refused.
    ['no Host', { given: { headers: json }, want: [403, 'host', 'missing_host'] }],
    [
      'a DNS-rebound Host',
      { given: { headers: { host: 'evil.example:8787', ...json } }, want: [403, 'host', 'foreign_host'] },
    ],
    [
      'a rebound Host on GET too',
      { given: { method: 'GET', headers: { host: 'evil.example' } }, want: [403, 'host', 'foreign_host'] },
    ],
    [
      'a Host with a user part',
      {
        given: { headers: { host: 'evil.example@127.0.0.1', ...json } },
        want: [403, 'host', 'foreign_host'],
      },
    ],
    [
      'a name starting with 127.',
      { given: { headers: { host: '127.evil.example', ...json } }, want: [403, 'host', 'foreign_host'] },
    ],
    [
      'a wildcard bind is not a name',
      {
        given: { headers: { host: '0.0.0.0', ...json }, policy: proxied },
        want: [403, 'host', 'foreign_host'],
      },
    ],
    [
      'a foreign Origin',
      {
        given: { headers: { host: '127.0.0.1', origin: 'http://evil.example', ...json } },
        want: [403, 'origin', 'foreign_origin'],
      },
    ],
    [
      'a foreign Origin on GET (a CORS read)',
      {
        given: { method: 'GET', headers: { host: '127.0.0.1', origin: 'http://evil.example' } },
        want: [403, 'origin', 'foreign_origin'],
      },
    ],
    [
      'Origin: null',
      {
        given: { headers: { host: '127.0.0.1', origin: 'null', ...json } },
        want: [403, 'origin', 'foreign_origin'],
      },
    ],
    [
      'a listed origin with another scheme',
      {
        given: {
          headers: { host: 'alerts.example.com', origin: 'http://app.example', ...json },
          policy: proxied,
        },
        want: [403, 'origin', 'foreign_origin'],
      },
    ],
    [
      'cross-site without an Origin',
      {
        given: { headers: { host: '127.0.0.1', 'sec-fetch-site': 'cross-site', ...json } },
        want: [403, 'sec-fetch-site', 'cross_site'],
      },
    ],
    [
      'cross-site from a loopback page of another name',
      {
        given: {
          headers: {
            host: '127.0.0.1:3100',
            origin: 'http://localhost:5173',
            'sec-fetch-site': 'cross-site',
            ...json,
          },
        },
        want: [403, 'sec-fetch-site', 'cross_site'],
      },
    ],
    [
      'text/plain (a form without preflight)',
      {
        given: { headers: { host: '127.0.0.1', 'content-length': '2', 'content-type': 'text/plain' } },
        want: [415, 'content-type', 'unsupported_media_type'],
      },
    ],
    [
      'a body without a type',
      {
        given: { headers: { host: '127.0.0.1', 'transfer-encoding': 'chunked' } },
        want: [415, 'content-type', 'unsupported_media_type'],
      },
    ],
    [
      'JSON in UTF-16',
      {
        given: {
          headers: {
            host: '127.0.0.1',
            'content-length': '2',
            'content-type': 'application/json; charset=utf-16',
          },
        },
        want: [415, 'content-type', 'unsupported_charset'],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    const got = originRefusal(given.method ?? 'POST', given.headers, given.policy ?? local);
    expect(got && [got.status, got.header, got.reason]).toEqual(want);
  });

  it('names the header, the rule and where to allow a name', () => {
    expect(originRefusal('POST', { host: 'evil.example' }, proxied)?.message).toBe(
      'Host: "evil.example" is not a name of this server; a DNS-rebound page would send such a name (add a proxy\'s or public name with server.allowed_hosts)',
    );
  });
});

describe('allowedHostnames', () => {
  it.each<[string, { given: [string, string[]]; want: string[] }]>([
    ['loopback bind', { given: ['127.0.0.1', []], want: ['localhost', '127.0.0.1', '[::1]'] }],
    [
      'another loopback address',
      { given: ['127.0.0.2', []], want: ['localhost', '127.0.0.1', '[::1]', '127.0.0.2'] },
    ],
    [
      'every interface is no name',
      { given: ['0.0.0.0', ['Box.Internal']], want: ['localhost', '127.0.0.1', '[::1]', 'box.internal'] },
    ],
    [
      'IPv6 in brackets',
      { given: ['::', ['fd00::1']], want: ['localhost', '127.0.0.1', '[::1]', '[fd00::1]'] },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(allowedHostnames(...given)).toEqual(want);
  });
});
