// Issue 24 item 6: with no admin token, the silences API and /-/reload took cross-site and
// DNS-rebound requests (a text/plain POST from a page of another site made a silence of every
// alert). Every operator endpoint now applies the core's origin rule, with or without a token;
// the sources' signed endpoints and clients outside a browser (curl, amtool) are unchanged.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE, rawRequest } from '../../../../tests/helpers/raw-request.ts';
import type { ConfigInput } from '../../src/config/config-schema.ts';
import { type Receiver, startReceiver } from '../../src/server/start-receiver.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';

const TOKEN = 'origin-admin-token-0123456789';
// The silence: every alert, until 2999.
const SILENCE = JSON.stringify({
  matchers: [{ name: 'signal', value: '.+', isRegex: true, isEqual: true }],
  endsAt: '2999-01-01T00:00:00Z',
  createdBy: 'evil',
  comment: 'cross-site',
});
const base: ConfigInput = {
  sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
  destinations: [{ name: 'out', type: 'stdout' }],
  route: { destination: 'out' },
  log: { level: 'silent' },
};
let open: Receiver;
let guarded: Receiver;

beforeAll(async () => {
  // From a file, so that a reload that gets through reloads (200).
  const file = join(mkdtempSync(join(tmpdir(), 'tk-origin-')), 'webhooks.json');
  writeFileSync(file, JSON.stringify(base));
  open = await startReceiver({
    port: 0,
    host: '127.0.0.1',
    storagePath: ':memory:',
    config: file,
    env: { SECRET },
  });
  guarded = await startReceiver({
    port: 0,
    host: '0.0.0.0',
    storagePath: ':memory:',
    config: { ...base, server: { admin_token: { env: 'ADMIN' }, allowed_hosts: ['alerts.example.com'] } },
    env: { SECRET, ADMIN: TOKEN },
  });
});

afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

const at = (r: Receiver) => `http://127.0.0.1:${r.port}`;
const host = (r: Receiver, name = '127.0.0.1') => ({ host: `${name}:${r.port}` });
const json = { 'content-type': 'application/json' };
const silences = async (r: Receiver) => (await r.store.silences.list()).length;

describe('operator endpoints without an admin token (loopback only)', () => {
  it.each<
    [
      string,
      {
        method: string;
        path: string;
        headers: Record<string, string>;
        body?: string;
        want: [number, string, string];
      },
    ]
  >([
    [
      'a text/plain silence from a page of another site',
      {
        method: 'POST',
        path: '/api/silences',
        headers: { 'content-type': 'text/plain', ...CROSS_SITE },
        body: SILENCE,
        want: [403, 'origin', 'foreign_origin'],
      },
    ],
    [
      'a silence under a DNS-rebound Host',
      {
        method: 'POST',
        path: '/api/silences',
        headers: { ...json, host: 'evil.example' },
        body: SILENCE,
        want: [403, 'host', 'foreign_host'],
      },
    ],
    [
      'a cross-site silence without an Origin',
      {
        method: 'POST',
        path: '/api/silences',
        headers: { ...json, 'sec-fetch-site': 'cross-site' },
        body: SILENCE,
        want: [403, 'sec-fetch-site', 'cross_site'],
      },
    ],
    [
      'a text/plain silence from curl',
      {
        method: 'POST',
        path: '/api/silences',
        headers: { 'content-type': 'text/plain' },
        body: SILENCE,
        want: [415, 'content-type', 'unsupported_media_type'],
      },
    ],
    [
      'a silence in UTF-16',
      {
        method: 'POST',
        path: '/api/silences',
        headers: { 'content-type': 'application/json; charset=utf-16' },
        body: SILENCE,
        want: [415, 'content-type', 'unsupported_charset'],
      },
    ],
    [
      'a cross-site reload',
      {
        method: 'POST',
        path: '/-/reload',
        headers: { 'sec-fetch-site': 'cross-site' },
        want: [403, 'sec-fetch-site', 'cross_site'],
      },
    ],
    [
      'a reload from a page of another site',
      {
        method: 'POST',
        path: '/-/reload',
        headers: { ...CROSS_SITE },
        want: [403, 'origin', 'foreign_origin'],
      },
    ],
    [
      'a reload under a DNS-rebound Host',
      {
        method: 'POST',
        path: '/-/reload',
        headers: { host: 'evil.example' },
        want: [403, 'host', 'foreign_host'],
      },
    ],
    [
      'reading the silences under a DNS-rebound Host',
      {
        method: 'GET',
        path: '/api/silences',
        headers: { host: 'evil.example' },
        want: [403, 'host', 'foreign_host'],
      },
    ],
  ])('%s: refused, nothing changed', async (_name, { method, path, headers, body, want }) => {
    const answer = await rawRequest(`${at(open)}${path}`, {
      method,
      headers: { ...host(open), ...headers },
      ...(body === undefined ? {} : { body }),
    });
    expect([answer.status, answer.json?.header, answer.json?.reason]).toEqual(want);
    expect(answer.json.error).toMatch(new RegExp(`^@trackerkit/webhooks: ${want[1]}`, 'i'));
    expect(await silences(open)).toBe(0);
  });

  it('a silence can be expired only from this server: a cross-site DELETE is refused', async () => {
    const made = await rawRequest(`${at(open)}/api/silences`, {
      method: 'POST',
      headers: { ...host(open), ...json },
      body: SILENCE,
    });
    expect(made.status).toBe(200);
    const id = made.json.silenceID as string;
    const refused = await rawRequest(`${at(open)}/api/silences/${id}`, {
      method: 'DELETE',
      headers: { ...host(open), ...CROSS_SITE },
    });
    expect(refused.status).toBe(403);
    expect((await open.store.silences.get(id))?.endsAt).toBe(Date.parse('2999-01-01T00:00:00Z'));
    const expired = await rawRequest(`${at(open)}/api/silences/${id}`, {
      method: 'DELETE',
      headers: host(open),
    });
    expect(expired.status).toBe(200);
  });

  it('curl-style requests (no Origin, no Sec-Fetch-Site) and the UI itself keep working', async () => {
    expect((await rawRequest(`${at(open)}/-/reload`, { method: 'POST', headers: host(open) })).json).toEqual({
      status: 'reloaded',
    });
    expect(
      (await rawRequest(`${at(open)}/-/reload`, { method: 'POST', headers: host(open, 'localhost') })).status,
    ).toBe(200);
    const page = { ...host(open), origin: at(open), 'sec-fetch-site': 'same-origin' };
    expect((await rawRequest(`${at(open)}/api/silences`, { headers: page })).status).toBe(200);
    expect((await rawRequest(`${at(open)}/ui/silences`, { headers: page })).status).toBe(200);
  });
});

describe('operator endpoints with an admin token, on every interface behind a proxy', () => {
  const bearer = { authorization: `Bearer ${TOKEN}` };

  it('the token does not lift the origin rule', async () => {
    for (const headers of [{ ...host(guarded, 'evil.example') }, { ...host(guarded), ...CROSS_SITE }]) {
      const answer = await rawRequest(`${at(guarded)}/api/silences`, {
        method: 'POST',
        headers: { ...bearer, ...json, ...headers },
        body: SILENCE,
      });
      expect(answer.status).toBe(403);
    }
    expect(await silences(guarded)).toBe(0);
  });

  it('answers the proxy name of server.allowed_hosts and loopback names, not the wildcard address', async () => {
    const post = (name: string) =>
      rawRequest(`${at(guarded)}/api/silences`, {
        method: 'POST',
        headers: { ...bearer, ...json, ...host(guarded, name) },
        body: SILENCE,
      });
    expect((await post('alerts.example.com')).status).toBe(200);
    expect((await post('localhost')).status).toBe(200);
    const wildcard = await post('0.0.0.0');
    expect(wildcard.status).toBe(403);
    expect(wildcard.json.error).toContain('server.allowed_hosts');
  });

  it('the signed source endpoint takes any Host: it is server-to-server and verified', async () => {
    const signed = signedRequest(exampleAlert({ tracker_name: 'Via a proxy' }));
    const answer = await rawRequest(`${at(guarded)}/webhooks/tracker`, {
      method: 'POST',
      headers: { ...signed.headers, host: 'receiver.internal:8787' },
      body: signed.body,
    });
    expect(answer.status).toBe(200);
  });
});
