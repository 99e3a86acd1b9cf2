// Who may call the receiver's operator endpoints (/-/reload, /api, /ui), over the real server, as
// deployed: on loopback only or on every interface, with or without server.admin_token. The
// defaults let in whom Alertmanager lets in (Prometheus under a cluster name, Grafana's proxy,
// amtool, a config reloader, karma's proxy with the token); no web page changes anything without the
// token (another site's, another loopback port's, a DNS-rebound one). Each case is one request:
// (listener, Host, Origin, Sec-Fetch-Site, method, path, body, token) → status, and for a refusal
// the header and rule named; a refused state change leaves the silences as they were.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../../../tests/helpers/raw-request.ts';
import type { ConfigInput } from '../../src/config/config-schema.ts';
import { type Receiver, startReceiver } from '../../src/server/start-receiver.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';

const TOKEN = 'origin-admin-token-0123456789';
const PROXY_NAME = 'alerts.example.com';
const base: ConfigInput = {
  sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
  destinations: [{ name: 'out', type: 'stdout' }],
  route: { destination: 'out' },
  log: { level: 'silent' },
};

/** A listener as deployed: where it listens and whether server.admin_token is set. */
type Listener = 'loopback' | 'loopback+token' | 'everywhere' | 'everywhere+token';
const receivers = new Map<Listener, Receiver>();

beforeAll(async () => {
  // From files, so that a reload that gets through reloads (200).
  const dir = mkdtempSync(join(tmpdir(), 'tk-origin-'));
  for (const listener of ['loopback', 'loopback+token', 'everywhere', 'everywhere+token'] as const) {
    const file = join(dir, `${listener}.json`);
    const withToken = listener.endsWith('+token');
    writeFileSync(
      file,
      JSON.stringify({
        ...base,
        server: { allowed_hosts: [PROXY_NAME], ...(withToken ? { admin_token: { env: 'ADMIN' } } : {}) },
      }),
    );
    receivers.set(
      listener,
      await startReceiver({
        port: 0,
        host: listener.startsWith('loopback') ? '127.0.0.1' : '0.0.0.0',
        storagePath: ':memory:',
        config: file,
        env: { SECRET, ADMIN: TOKEN },
      }),
    );
  }
});

afterAll(async () => {
  await Promise.all([...receivers.values()].map((r) => r.close()));
});

const SILENCE = JSON.stringify({
  matchers: [{ name: 'signal', value: '.+', isRegex: true, isEqual: true }],
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2999-01-01T00:00:00Z',
  createdBy: 'test',
  comment: 'who may',
});
const ALERTS = JSON.stringify([{ labels: { alertname: 'FromPrometheus', job: 'node' } }]);
const BODIES = {
  silence: { 'content-type': 'application/json', body: SILENCE },
  alerts: { 'content-type': 'application/json', body: ALERTS },
  'silence as text/plain': { 'content-type': 'text/plain', body: SILENCE },
  'silence in UTF-16': { 'content-type': 'application/json; charset=utf-16', body: SILENCE },
  none: { 'content-type': undefined, body: '' },
} as const;

interface Given {
  /** The Host's name; its port is the listener's. */
  host: string;
  /** `self`: the origin of the Host itself (`http://host:port`). */
  origin?: string;
  site?: 'same-origin' | 'same-site' | 'cross-site';
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: keyof typeof BODIES;
  token?: 'right' | 'wrong';
}
/** The status, and for a refusal the header and the rule the answer names. */
type Want = [number] | [403 | 415, string, string];
type Case = [string, { listener: Listener; given: Given; want: Want }];

const prometheus: Omit<Given, 'host'> = { method: 'POST', path: '/api/v2/alerts', body: 'alerts' };
const silence: Omit<Given, 'host'> = { method: 'POST', path: '/api/v2/silences', body: 'silence' };
const reload: Omit<Given, 'host'> = { method: 'POST', path: '/-/reload', body: 'none' };
const UNKNOWN_SILENCE = '/api/v2/silence/6f1c1a6e-0000-4000-8000-000000000000';
/** The issue's request: a page on another loopback port, a bodiless POST, same site. */
const otherPort = { origin: 'http://127.0.0.1:3000', site: 'same-site' } as const;

const cases: Case[] = [
  // Every interface, no token: whom Alertmanager lets in.
  [
    'Prometheus under a cluster name',
    { listener: 'everywhere', given: { host: 'alertmanager', ...prometheus }, want: [200] },
  ],
  [
    'amtool under an address',
    { listener: 'everywhere', given: { host: '10.0.0.5', ...silence }, want: [200] },
  ],
  [
    "Grafana's proxy (forwards Sec-Fetch-*, drops Origin) reads",
    {
      listener: 'everywhere',
      given: { host: 'alertmanager', site: 'same-origin', method: 'GET', path: '/api/v2/alerts' },
      want: [200],
    },
  ],
  [
    "Grafana's proxy posts a silence",
    { listener: 'everywhere', given: { host: 'alertmanager', site: 'same-origin', ...silence }, want: [200] },
  ],
  [
    "Grafana's proxy reads the status",
    {
      listener: 'everywhere',
      given: { host: 'alertmanager', method: 'GET', path: '/api/v2/status' },
      want: [200],
    },
  ],
  [
    'a config reloader (bodiless POST)',
    { listener: 'everywhere', given: { host: 'alertmanager', ...reload }, want: [200] },
  ],
  [
    'expiring an unknown silence from curl reaches the API (404)',
    {
      listener: 'everywhere',
      given: { host: 'alertmanager', method: 'DELETE', path: UNKNOWN_SILENCE },
      want: [404],
    },
  ],
  [
    'the UI to a browser under a cluster name',
    { listener: 'everywhere', given: { host: 'alertmanager', method: 'GET', path: '/ui' }, want: [200] },
  ],
  [
    "a page of the receiver's own origin under a listed name posts JSON",
    {
      listener: 'everywhere',
      given: { host: PROXY_NAME, origin: 'self', site: 'same-origin', ...silence },
      want: [200],
    },
  ],
  [
    'a page of another site (JSON)',
    {
      listener: 'everywhere',
      given: { host: PROXY_NAME, origin: 'http://evil.example', site: 'cross-site', ...silence },
      want: [403, 'origin', 'foreign_origin'],
    },
  ],
  [
    'a page of another site, text/plain (no preflight)',
    {
      listener: 'everywhere',
      given: { host: PROXY_NAME, origin: 'http://evil.example', ...silence, body: 'silence as text/plain' },
      want: [403, 'origin', 'foreign_origin'],
    },
  ],
  [
    'a page of another site under a cluster name',
    {
      listener: 'everywhere',
      given: { host: 'alertmanager', origin: 'http://evil.example', site: 'cross-site', ...silence },
      want: [403, 'host', 'foreign_host'],
    },
  ],
  [
    "karma's proxy forwarding its page's Origin, without the token",
    {
      listener: 'everywhere',
      given: { host: 'alertmanager', origin: 'https://karma.example', site: 'same-origin', ...silence },
      want: [403, 'host', 'foreign_host'],
    },
  ],
  [
    'a DNS-rebound page posting as its own origin',
    {
      listener: 'everywhere',
      given: { host: 'rebound.evil.example', origin: 'self', ...silence },
      want: [403, 'host', 'foreign_host'],
    },
  ],
  [
    'a bodiless reload from a page of its own origin',
    {
      listener: 'everywhere',
      given: { host: PROXY_NAME, origin: 'self', site: 'same-origin', ...reload },
      want: [403, 'content-type', 'body_required'],
    },
  ],
  [
    'a bodiless DELETE from a page of another site',
    {
      listener: 'everywhere',
      given: {
        host: PROXY_NAME,
        origin: 'http://evil.example',
        site: 'cross-site',
        method: 'DELETE',
        path: UNKNOWN_SILENCE,
      },
      want: [403, 'origin', 'foreign_origin'],
    },
  ],
  // Every interface with a token.
  [
    'Prometheus without the token',
    { listener: 'everywhere+token', given: { host: 'alertmanager', ...prometheus }, want: [401] },
  ],
  [
    'Prometheus with the token under a cluster name',
    {
      listener: 'everywhere+token',
      given: { host: 'alertmanager', ...prometheus, token: 'right' },
      want: [200],
    },
  ],
  [
    "karma's proxy forwarding its page's Origin, with the token",
    {
      listener: 'everywhere+token',
      given: {
        host: 'alertmanager',
        origin: 'https://karma.example',
        site: 'same-origin',
        ...silence,
        token: 'right',
      },
      want: [200],
    },
  ],
  [
    'a page of another site with a wrong token',
    {
      listener: 'everywhere+token',
      given: {
        host: PROXY_NAME,
        origin: 'http://evil.example',
        site: 'cross-site',
        ...silence,
        token: 'wrong',
      },
      want: [403, 'origin', 'foreign_origin'],
    },
  ],
  [
    'the wildcard address as Host, with the token',
    { listener: 'everywhere+token', given: { host: '0.0.0.0', ...silence, token: 'right' }, want: [200] },
  ],
  // Loopback only, no token: the binding is the gate, loopback names only.
  ['curl reloads', { listener: 'loopback', given: { host: '127.0.0.1', ...reload }, want: [200] }],
  [
    'curl posts a silence under localhost',
    { listener: 'loopback', given: { host: 'localhost', ...silence }, want: [200] },
  ],
  [
    'the issue: a bodiless reload from a page on another loopback port',
    {
      listener: 'loopback',
      given: { host: '127.0.0.1', ...otherPort, ...reload },
      want: [403, 'sec-fetch-site', 'cross_site'],
    },
  ],
  [
    'the same in a browser that sends no Sec-Fetch-Site',
    {
      listener: 'loopback',
      given: { host: '127.0.0.1', origin: otherPort.origin, ...reload },
      want: [403, 'origin', 'foreign_origin'],
    },
  ],
  [
    'a JSON silence from a page on another loopback port',
    {
      listener: 'loopback',
      given: { host: '127.0.0.1', ...otherPort, ...silence },
      want: [403, 'sec-fetch-site', 'cross_site'],
    },
  ],
  [
    "a JSON silence from a page of the receiver's own origin",
    {
      listener: 'loopback',
      given: { host: '127.0.0.1', origin: 'self', site: 'same-origin', ...silence },
      want: [200],
    },
  ],
  [
    'a cross-site silence without an Origin',
    {
      listener: 'loopback',
      given: { host: '127.0.0.1', site: 'cross-site', ...silence },
      want: [403, 'sec-fetch-site', 'cross_site'],
    },
  ],
  [
    'a cluster name on a loopback listener (DNS rebinding)',
    {
      listener: 'loopback',
      given: { host: 'alertmanager', ...prometheus },
      want: [403, 'host', 'foreign_host'],
    },
  ],
  [
    'a DNS-rebound page reads',
    {
      listener: 'loopback',
      given: { host: 'rebound.evil.example', method: 'GET', path: '/api/v2/silences' },
      want: [403, 'host', 'foreign_host'],
    },
  ],
  [
    'a proxy name without the token',
    { listener: 'loopback', given: { host: PROXY_NAME, ...silence }, want: [403, 'host', 'foreign_host'] },
  ],
  [
    'a text/plain silence from curl',
    {
      listener: 'loopback',
      given: { host: '127.0.0.1', ...silence, body: 'silence as text/plain' },
      want: [415, 'content-type', 'unsupported_media_type'],
    },
  ],
  [
    'a silence in UTF-16',
    {
      listener: 'loopback',
      given: { host: '127.0.0.1', ...silence, body: 'silence in UTF-16' },
      want: [415, 'content-type', 'unsupported_charset'],
    },
  ],
  // Loopback only with a token: the token lifts the page checks, not the loopback names.
  [
    'the issue request with the token',
    {
      listener: 'loopback+token',
      given: { host: '127.0.0.1', ...otherPort, ...reload, token: 'right' },
      want: [200],
    },
  ],
  [
    'a proxy name with the token',
    { listener: 'loopback+token', given: { host: PROXY_NAME, ...silence, token: 'right' }, want: [200] },
  ],
  [
    'a rebound name with the token',
    {
      listener: 'loopback+token',
      given: { host: 'rebound.evil.example', ...silence, token: 'right' },
      want: [403, 'host', 'foreign_host'],
    },
  ],
];

describe('who may call the operator endpoints, as deployed', () => {
  it.each(cases)('%s', async (_name, { listener, given, want }) => {
    const receiver = receivers.get(listener) as Receiver;
    const host = `${given.host}:${receiver.port}`;
    const body = BODIES[given.body ?? 'none'];
    const headers: Record<string, string> = { host, 'content-length': String(Buffer.byteLength(body.body)) };
    if (body['content-type']) headers['content-type'] = body['content-type'];
    if (given.origin) headers.origin = given.origin === 'self' ? `http://${host}` : given.origin;
    if (given.site) {
      headers['sec-fetch-site'] = given.site;
      headers['sec-fetch-mode'] = 'cors';
    }
    if (given.token)
      headers.authorization = `Bearer ${given.token === 'right' ? TOKEN : 'not-the-token-0123456789'}`;
    const before = (await receiver.store.silences.list()).length;
    const answer = await rawRequest(`http://127.0.0.1:${receiver.port}${given.path}`, {
      method: given.method,
      headers,
      ...(body.body ? { body: body.body } : {}),
    });
    const got =
      want.length === 1 ? [answer.status] : [answer.status, answer.json?.header, answer.json?.reason];
    expect(got).toEqual(want);
    if (answer.status === 403 || answer.status === 415) {
      expect(answer.json.error).toMatch(/^@trackerkit\/webhooks: /);
      expect((await receiver.store.silences.list()).length).toBe(before);
    }
  });

  it("the UI's forms take a POST from the UI's own origin only (Basic credentials are sent by the browser)", async () => {
    const receiver = receivers.get('loopback+token') as Receiver;
    const basic = `Basic ${Buffer.from(`ops:${TOKEN}`).toString('base64')}`;
    const form = 'matchers=tracker_id%3D%22trk_1%22&duration=1h&comment=c&author=a';
    const post = (extra: Record<string, string>) =>
      rawRequest(`http://127.0.0.1:${receiver.port}/ui/silences`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(form.length),
          authorization: basic,
          ...extra,
        },
        body: form,
      });
    expect((await post({})).status).toBe(403);
    expect((await post({ origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await post({ origin: `http://127.0.0.1:${receiver.port}` })).status).toBe(303);
    expect((await post({ 'sec-fetch-site': 'same-origin' })).status).toBe(303);
  });

  it('the signed source endpoint takes any Host: it is server-to-server and verified', async () => {
    const receiver = receivers.get('everywhere+token') as Receiver;
    const signed = signedRequest(exampleAlert({ tracker_name: 'Via a proxy' }));
    const answer = await rawRequest(`http://127.0.0.1:${receiver.port}/webhooks/tracker`, {
      method: 'POST',
      headers: { ...signed.headers, host: 'receiver.internal:8787' },
      body: signed.body,
    });
    expect(answer.status).toBe(200);
  });
});
