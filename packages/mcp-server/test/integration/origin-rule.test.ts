// The MCP endpoint applies the suite's one origin rule (the core's originRefusal), the same as the
// receiver's and the emulator console's, before the token: a page of another site, a text/plain
// POST (no preflight) and a body declared in another charset are refused whatever the request
// carries; a same-site or cross-site POST is refused unless it carries a bearer token, which no page
// adds by itself; a listed origin still works.
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../../../tests/helpers/raw-request.ts';
import { type RunningHttpServer, startHttpServer } from '../../src/index.ts';
import { fastClient, startTestEmulator } from './harness.ts';

let emulator: RunningEmulator;
let http: RunningHttpServer;
let headers: Record<string, string>;

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

beforeAll(async () => {
  emulator = await startTestEmulator();
  http = await startHttpServer({
    client: fastClient(emulator),
    port: 0,
    allowedOrigins: ['https://app.example'],
  });
  headers = {
    authorization: `Bearer ${http.authToken}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
});
afterAll(async () => {
  await http?.close();
  await emulator?.close();
});

const send = (extra: Record<string, string>) =>
  rawRequest(http.url, { method: 'POST', headers: { ...headers, ...extra }, body: INITIALIZE });

describe('the origin rule at the MCP endpoint, with the token', () => {
  it.each<[string, { given: Record<string, string>; want: [number, string, string] }]>([
    [
      'a text/plain POST (sent by a page without a preflight)',
      { given: { 'content-type': 'text/plain' }, want: [415, 'content-type', 'unsupported_media_type'] },
    ],
    [
      'JSON declared as UTF-16',
      {
        given: { 'content-type': 'application/json; charset=utf-16' },
        want: [415, 'content-type', 'unsupported_charset'],
      },
    ],
    [
      'a page of another site',
      {
        given: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
        want: [403, 'origin', 'foreign_origin'],
      },
    ],
    ['a DNS-rebound Host', { given: { host: 'evil.example' }, want: [403, 'host', 'foreign_host'] }],
  ])('%s: refused, naming the header', async (_name, { given, want }) => {
    const answer = await send(given);
    expect([answer.status, answer.json?.error?.data?.header, answer.json?.error?.data?.reason]).toEqual(want);
    expect(answer.json.error.message).toMatch(/^@trackerkit\/mcp-server: /);
  });

  it.each<[string, Record<string, string>]>([
    ['no Origin, no Sec-Fetch-Site (a client outside the browser)', {}],
    ['charset=utf-8', { 'content-type': 'application/json; charset=utf-8' }],
    [
      'a listed origin, cross-site by design',
      { origin: 'https://app.example', 'sec-fetch-site': 'cross-site' },
    ],
    ['a page of this server', { origin: 'http://127.0.0.1', 'sec-fetch-site': 'same-origin' }],
    // The token is a header no page adds by itself: it stands for the page checks.
    ['a cross-site POST without an Origin', { 'sec-fetch-site': 'cross-site' }],
    [
      'a page of another loopback port (same site)',
      { origin: 'http://127.0.0.1:5173', 'sec-fetch-site': 'same-site' },
    ],
  ])('%s: served', async (_name, given) => {
    expect((await send(given)).status).toBe(200);
  });
});

describe('the origin rule at the MCP endpoint, without the token', () => {
  it.each<[string, { given: Record<string, string>; want: [number, string, string] }]>([
    [
      'a cross-site POST without an Origin',
      { given: { 'sec-fetch-site': 'cross-site' }, want: [403, 'sec-fetch-site', 'cross_site'] },
    ],
    [
      'a bodiless POST from a page of another loopback port (same site)',
      {
        given: { origin: 'http://127.0.0.1:5173', 'sec-fetch-site': 'same-site' },
        want: [403, 'sec-fetch-site', 'cross_site'],
      },
    ],
  ])('%s: refused by the origin rule, before the token', async (_name, { given, want }) => {
    const { authorization: _token, ...rest } = headers;
    const answer = await rawRequest(http.url, {
      method: 'POST',
      headers: { ...rest, ...given },
      body: INITIALIZE,
    });
    expect([answer.status, answer.json?.error?.data?.header, answer.json?.error?.data?.reason]).toEqual(want);
  });

  it('a client outside the browser without the token gets 401, not an origin refusal', async () => {
    const { authorization: _token, ...rest } = headers;
    expect((await rawRequest(http.url, { method: 'POST', headers: rest, body: INITIALIZE })).status).toBe(
      401,
    );
  });
});
