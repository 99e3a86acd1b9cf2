// Issue 24 item 6 at the MCP endpoint: the suite's one origin rule (the core's originRefusal), the
// same as the receiver's and the emulator console's, in front of the SDK's own Host/Origin checks
// and the token: a cross-site POST without an Origin, a text/plain one (no preflight) and a body
// declared in another charset are refused before the token is looked at; a listed origin still works.
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
      'a cross-site POST without an Origin',
      { given: { 'sec-fetch-site': 'cross-site' }, want: [403, 'sec-fetch-site', 'cross_site'] },
    ],
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
  ])('%s: served', async (_name, given) => {
    expect((await send(given)).status).toBe(200);
  });
});
