import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedHostnames, type OriginPolicy, originRefusal } from '../../src/http/index.ts';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** A loopback-only server reading JSON (the emulator's console, a receiver's API on 127.0.0.1). */
const local: OriginPolicy = { hosts: allowedHostnames('127.0.0.1'), accepts: [JSON_TYPE] };
/** A server on every interface, with a proxy's name (a receiver in a cluster). */
const cluster: OriginPolicy = {
  hosts: allowedHostnames('0.0.0.0', ['alerts.example.com']),
  anyHost: true,
  tokenFromAnyOrigin: true,
  accepts: [JSON_TYPE],
  hostsSetting: 'server.allowed_hosts',
};
/** An endpoint that reads no body (reload, reset). */
const bodiless: OriginPolicy = { hosts: allowedHostnames('127.0.0.1') };
/** The forms of the server's own pages, whose credential the browser sends by itself (Basic). */
const forms: OriginPolicy = {
  hosts: allowedHostnames('127.0.0.1'),
  accepts: [FORM_TYPE],
  browserCredentials: true,
};
/** An endpoint with a listed browser client (the MCP server's --allowed-origins). */
const listed: OriginPolicy = { ...local, origins: ['https://app.example'] };

const json = { 'content-type': JSON_TYPE, 'content-length': '2' };
const own = { host: '127.0.0.1:8787', origin: 'http://127.0.0.1:8787', 'sec-fetch-site': 'same-origin' };
/** The request to refuse: a page on another loopback port, a bodiless POST. */
const otherPort = {
  host: '127.0.0.1:8787',
  origin: 'http://127.0.0.1:3000',
  'sec-fetch-site': 'same-site',
  'content-length': '0',
};

type Case = [
  string,
  {
    given: { method?: string; headers: Record<string, string>; policy?: OriginPolicy; token?: boolean };
    want: undefined | [number, string, string];
  },
];

describe('originRefusal: one rule for every server', () => {
  it.each<Case>([
    // Clients outside the browser (curl, Prometheus, amtool, another server): no Origin, no Sec-Fetch-Site.
    ['curl on loopback', { given: { headers: { host: '127.0.0.1:8787', ...json } }, want: undefined }],
    ['localhost', { given: { headers: { host: 'localhost:8787', ...json } }, want: undefined }],
    ['[::1]', { given: { headers: { host: '[::1]:8787', ...json } }, want: undefined }],
    [
      'a bodiless POST from curl (a reload, a reset)',
      { given: { headers: { host: '127.0.0.1' } }, want: undefined },
    ],
    [
      'an empty body from curl',
      { given: { headers: { host: '127.0.0.1', 'content-length': '0' } }, want: undefined },
    ],
    ['a DELETE from curl', { given: { method: 'DELETE', headers: { host: '127.0.0.1' } }, want: undefined }],
    [
      'a proxy name listed',
      { given: { headers: { host: 'alerts.example.com', ...json }, policy: cluster }, want: undefined },
    ],
    [
      'beyond loopback: Prometheus under a cluster name',
      { given: { headers: { host: 'alertmanager:9093', ...json }, policy: cluster }, want: undefined },
    ],
    [
      'beyond loopback: a read through a proxy that forwards Sec-Fetch-* and drops Origin (Grafana)',
      {
        given: {
          method: 'GET',
          headers: { host: 'alertmanager:9093', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
          policy: cluster,
        },
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
    // Pages of this server.
    ['a JSON POST from a page of this origin', { given: { headers: { ...own, ...json } }, want: undefined }],
    ['a page of this origin reads', { given: { method: 'GET', headers: own }, want: undefined }],
    [
      'a page of another loopback port reads (the same host name)',
      { given: { method: 'GET', headers: { ...otherPort, 'sec-fetch-site': 'same-site' } }, want: undefined },
    ],
    [
      'a link from another site (GET)',
      {
        given: { method: 'GET', headers: { host: '127.0.0.1', 'sec-fetch-site': 'cross-site' } },
        want: undefined,
      },
    ],
    [
      'a listed origin reads',
      {
        given: {
          method: 'GET',
          headers: { host: '127.0.0.1', origin: 'https://app.example' },
          policy: listed,
        },
        want: undefined,
      },
    ],
    [
      "an empty form of the server's own page (a button)",
      {
        given: { headers: { ...own, 'content-type': FORM_TYPE, 'content-length': '0' }, policy: forms },
        want: undefined,
      },
    ],
    [
      "the server's own form in a browser that sends no Origin",
      {
        given: {
          headers: {
            host: '127.0.0.1:8787',
            'sec-fetch-site': 'same-origin',
            'content-type': FORM_TYPE,
            'content-length': '3',
          },
          policy: forms,
        },
        want: undefined,
      },
    ],
    [
      'beyond loopback: a page of this origin under a listed name',
      {
        given: {
          headers: { host: 'alerts.example.com', origin: 'https://alerts.example.com', ...json },
          policy: cluster,
        },
        want: undefined,
      },
    ],
    // The token lifts the page checks.
    [
      'the issue request with the token',
      { given: { headers: otherPort, policy: bodiless, token: true }, want: undefined },
    ],
    [
      'a listed origin posts cross-site with the token (a browser client the operator allowed)',
      {
        given: {
          headers: {
            host: '127.0.0.1',
            origin: 'https://app.example',
            'sec-fetch-site': 'cross-site',
            ...json,
          },
          policy: listed,
          token: true,
        },
        want: undefined,
      },
    ],
    [
      "beyond loopback: karma's proxy forwarding its page's Origin, with the token",
      {
        given: {
          headers: {
            host: 'alertmanager:9093',
            origin: 'https://karma.example',
            'sec-fetch-site': 'same-origin',
            ...json,
          },
          policy: cluster,
          token: true,
        },
        want: undefined,
      },
    ],
    [
      'a foreign Origin with the token, where the token does not lift the Origin check (MCP)',
      {
        given: { headers: { host: '127.0.0.1', origin: 'https://karma.example', ...json }, token: true },
        want: [403, 'origin', 'foreign_origin'],
      },
    ],
    // Refused: Host.
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
      'a rebound Host with the token, on a loopback listener',
      {
        given: { headers: { host: 'evil.example', ...json }, token: true },
        want: [403, 'host', 'foreign_host'],
      },
    ],
    [
      'a Host with a user part',
      {
        given: { headers: { host: 'evil.example@127.0.0.1', ...json } },
        want: [403, 'host', 'foreign_host'],
      },
    ],
    [
      'a Host with a user part beyond loopback',
      { given: { headers: { host: 'a@b', ...json }, policy: cluster }, want: [403, 'host', 'foreign_host'] },
    ],
    [
      'a name starting with 127.',
      { given: { headers: { host: '127.evil.example', ...json } }, want: [403, 'host', 'foreign_host'] },
    ],
    [
      'beyond loopback: a page under a name not listed (DNS rebinding)',
      {
        given: {
          headers: { host: 'evil.example:9093', origin: 'http://evil.example:9093', ...json },
          policy: cluster,
        },
        want: [403, 'host', 'foreign_host'],
      },
    ],
    // Refused: Origin.
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
      'a page of another port, JSON, in a browser without Sec-Fetch-Site',
      {
        given: { headers: { host: '127.0.0.1:8787', origin: 'http://127.0.0.1:3000', ...json } },
        want: [403, 'origin', 'foreign_origin'],
      },
    ],
    [
      'a listed origin may read, not change anything without the token',
      {
        given: { headers: { host: '127.0.0.1', origin: 'https://app.example', ...json }, policy: listed },
        want: [403, 'origin', 'foreign_origin'],
      },
    ],
    [
      "beyond loopback: karma's proxy forwarding its page's Origin, without the token",
      {
        given: {
          headers: {
            host: 'alerts.example.com',
            origin: 'https://karma.example',
            'sec-fetch-site': 'same-origin',
            ...json,
          },
          policy: cluster,
        },
        want: [403, 'origin', 'foreign_origin'],
      },
    ],
    [
      "a POST to the pages' forms that shows no origin at all (an older browser's form, Basic credentials)",
      {
        given: {
          headers: { host: '127.0.0.1:8787', 'content-type': FORM_TYPE, 'content-length': '3' },
          policy: forms,
        },
        want: [403, 'origin', 'foreign_origin'],
      },
    ],
    // Refused: Sec-Fetch-Site on a state change.
    [
      'the issue request: a bodiless POST from another loopback port',
      { given: { headers: otherPort, policy: bodiless }, want: [403, 'sec-fetch-site', 'cross_site'] },
    ],
    [
      'same-site JSON',
      { given: { headers: { ...otherPort, ...json } }, want: [403, 'sec-fetch-site', 'cross_site'] },
    ],
    [
      'cross-site without an Origin',
      {
        given: { headers: { host: '127.0.0.1', 'sec-fetch-site': 'cross-site', ...json } },
        want: [403, 'sec-fetch-site', 'cross_site'],
      },
    ],
    [
      'same-site from a listed origin without the token',
      {
        given: {
          headers: {
            host: '127.0.0.1',
            origin: 'https://app.example',
            'sec-fetch-site': 'cross-site',
            ...json,
          },
          policy: listed,
        },
        want: [403, 'sec-fetch-site', 'cross_site'],
      },
    ],
    // Refused: a page's state change without a body no other page could send.
    [
      'a bodiless POST from a page of this origin (JSON endpoint)',
      { given: { headers: { ...own, 'content-length': '0' } }, want: [403, 'content-type', 'body_required'] },
    ],
    [
      'a bodiless DELETE from a page of this origin',
      { given: { method: 'DELETE', headers: own }, want: [403, 'content-type', 'body_required'] },
    ],
    [
      'a page of this origin on an endpoint that reads no body',
      { given: { headers: own, policy: bodiless }, want: [403, 'content-type', 'body_required'] },
    ],
    // Refused: the body's type, for everyone.
    [
      'text/plain (a form without preflight)',
      {
        given: { headers: { host: '127.0.0.1', 'content-length': '2', 'content-type': 'text/plain' } },
        want: [415, 'content-type', 'unsupported_media_type'],
      },
    ],
    [
      'text/plain with the token',
      {
        given: {
          headers: { host: '127.0.0.1', 'content-length': '2', 'content-type': 'text/plain' },
          token: true,
        },
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
    const got = originRefusal(given.method ?? 'POST', given.headers, given.policy ?? local, {
      token: given.token === true,
    });
    expect(got && [got.status, got.header, got.reason]).toEqual(want);
  });

  it('names the header, the rule and where to allow a name', () => {
    expect(
      originRefusal('POST', { host: 'evil.example' }, { ...local, hostsSetting: 'server.allowed_hosts' })
        ?.message,
    ).toBe(
      'Host: "evil.example" is not a name this server answers to; a DNS-rebound page would send such a name (add a proxy\'s or public name with server.allowed_hosts)',
    );
    expect(originRefusal('POST', otherPort, bodiless)?.message).toBe(
      "Sec-Fetch-Site: a POST from another origin of this site (another port) is refused without the token (Authorization: Bearer); use this server's own address, or a client outside the browser",
    );
    expect(originRefusal('DELETE', own, local)?.message).toBe(
      'a DELETE from a web page needs a body of application/json or the token (Authorization: Bearer) to change anything here',
    );
  });

  it('no page changes state without the token: any Origin, any Sec-Fetch-Site, any body', () => {
    const site = fc.constantFrom(undefined, 'same-origin', 'same-site', 'cross-site', 'none');
    const origin = fc.oneof(
      fc.constant('null'),
      fc
        .tuple(
          fc.constantFrom('http', 'https'),
          fc.constantFrom('127.0.0.1', 'localhost', '[::1]', 'evil.example', '127.0.0.1.evil.example'),
          fc.option(fc.constantFrom(80, 443, 3000, 8787), { nil: undefined }),
        )
        .map(([scheme, name, port]) => `${scheme}://${name}${port === undefined ? '' : `:${port}`}`),
    );
    const body = fc.constantFrom(undefined, '0', '7');
    const type = fc.constantFrom(undefined, JSON_TYPE, 'text/plain', FORM_TYPE);
    fc.assert(
      fc.property(
        origin,
        site,
        body,
        type,
        fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'),
        (o, s, length, t, method) => {
          const headers: Record<string, string> = { host: '127.0.0.1:8787', origin: o };
          if (s) headers['sec-fetch-site'] = s;
          if (length) headers['content-length'] = length;
          if (t) headers['content-type'] = t;
          const allowed = originRefusal(method, headers, local) === undefined;
          // Allowed only as this origin's own page (either scheme: one port speaks one), with a JSON body.
          const expected =
            (o === 'http://127.0.0.1:8787' || o === 'https://127.0.0.1:8787') &&
            s !== 'same-site' &&
            s !== 'cross-site' &&
            length === '7' &&
            t === JSON_TYPE;
          expect(allowed).toBe(expected);
        },
      ),
      { numRuns: 2000 },
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
