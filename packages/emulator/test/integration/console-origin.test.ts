// Issue 24 item 6 at the emulator: the console (`/_emulator`, no auth: it is local) applies the
// suite's one origin rule (the core's originRefusal), as the receiver and the MCP endpoint do: a
// page of another site cannot reset, seed or fault it, and a DNS-rebound page cannot read its page
// (which shows the API token). Nor can a page on another port of this machine: a state change from
// a page needs this very origin and a JSON body (a bodiless same-site POST used to reset it).
// curl-style requests and the service's API are unaffected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE, rawRequest } from '../../../../tests/helpers/raw-request.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
let trackerId: string;

beforeAll(async () => {
  h = await startHarness({ allowedHosts: ['emulator.internal'] });
  trackerId = (await h.tracker()).tracker_id;
});
afterAll(async () => {
  await h?.emu.close();
});

const consoleAt = (path: string) => `${h.emu.origin}/_emulator${path}`;
const json = { 'content-type': 'application/json' };
const FAULT = JSON.stringify({ operation_id: 'getRun', kind: 'status', status: 503, times: 1 });

describe('the console refuses what a browser page of another site or a rebound name sends', () => {
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
      'a text/plain reset from a page of another site',
      {
        method: 'POST',
        path: '/reset',
        headers: { 'content-type': 'text/plain', ...CROSS_SITE },
        body: '{}',
        want: [403, 'origin', 'foreign_origin'],
      },
    ],
    [
      'a cross-site fault without an Origin',
      {
        method: 'POST',
        path: '/faults',
        headers: { ...json, 'sec-fetch-site': 'cross-site' },
        body: FAULT,
        want: [403, 'sec-fetch-site', 'cross_site'],
      },
    ],
    [
      'a reset under a DNS-rebound Host',
      {
        method: 'POST',
        path: '/reset',
        headers: { host: 'evil.example' },
        want: [403, 'host', 'foreign_host'],
      },
    ],
    [
      'the request journal (it shows request bodies) under a DNS-rebound Host',
      {
        method: 'GET',
        path: '/requests',
        headers: { host: 'evil.example' },
        want: [403, 'host', 'foreign_host'],
      },
    ],
    [
      'clearing the request journal from a page of another site',
      { method: 'DELETE', path: '/requests', headers: CROSS_SITE, want: [403, 'origin', 'foreign_origin'] },
    ],
    [
      'the console page (it shows the token) under a DNS-rebound Host',
      { method: 'GET', path: '', headers: { host: 'evil.example' }, want: [403, 'host', 'foreign_host'] },
    ],
    [
      'a bodiless reset from a page on another loopback port (same site)',
      {
        method: 'POST',
        path: '/reset',
        headers: { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-site', 'content-length': '0' },
        want: [403, 'sec-fetch-site', 'cross_site'],
      },
    ],
    [
      'a bodiless reset from a page on another loopback port, in a browser without Sec-Fetch-Site',
      {
        method: 'POST',
        path: '/reset',
        headers: { origin: 'http://127.0.0.1:3000', 'content-length': '0' },
        want: [403, 'origin', 'foreign_origin'],
      },
    ],
    [
      "a bodiless reset from the console's own origin",
      {
        method: 'POST',
        path: '/reset',
        headers: { origin: 'SELF', 'sec-fetch-site': 'same-origin', 'content-length': '0' },
        want: [403, 'content-type', 'body_required'],
      },
    ],
    [
      'a text/plain fault from curl (what a form sends)',
      {
        method: 'POST',
        path: '/faults',
        headers: { 'content-type': 'text/plain' },
        body: FAULT,
        want: [415, 'content-type', 'unsupported_media_type'],
      },
    ],
    [
      'a fault declared in UTF-16',
      {
        method: 'POST',
        path: '/faults',
        headers: { 'content-type': 'application/json; charset=utf-16' },
        body: FAULT,
        want: [415, 'content-type', 'unsupported_charset'],
      },
    ],
  ])('%s: refused, state intact', async (_name, { method, path, headers, body, want }) => {
    const own = headers.origin === 'SELF' ? { ...headers, origin: h.emu.origin } : headers;
    const answer = await rawRequest(consoleAt(path), {
      method,
      headers: own,
      ...(body === undefined ? {} : { body }),
    });
    expect([answer.status, answer.json?.header, answer.json?.reason]).toEqual(want);
    expect(answer.json.detail).toMatch(/^@trackerkit\/emulator: /);
    expect(answer.text).not.toContain(h.emu.token);
    expect((await h.api('GET', `/api/trackers/${trackerId}`)).status).toBe(200);
    expect(h.emu.faults.list()).toHaveLength(0);
  });

  it('curl-style JSON, the page from its own address and a listed name keep working', async () => {
    const added = await rawRequest(consoleAt('/faults'), { method: 'POST', headers: json, body: FAULT });
    expect(added.status).toBe(201);
    h.emu.faults.clear();
    expect((await rawRequest(consoleAt(''))).text).toContain(h.emu.token);
    const port = new URL(h.emu.origin).port;
    expect(
      (await rawRequest(consoleAt('/clock'), { headers: { host: `emulator.internal:${port}` } })).status,
    ).toBe(200);
    const page = { origin: h.emu.origin, 'sec-fetch-site': 'same-origin', ...json, 'content-length': '2' };
    expect(
      (await rawRequest(consoleAt('/inbox'), { method: 'DELETE', headers: page, body: '{}' })).status,
    ).toBe(200);
  });

  it("the service's API is not the console: it keeps its own rule (the token)", async () => {
    const answer = await rawRequest(`${h.emu.baseUrl}/api/trackers/${trackerId}`, {
      headers: { host: 'service.example', authorization: `Bearer ${h.emu.token}` },
    });
    expect(answer.status).toBe(200);
  });

  // Last: it empties the state the cases above check.
  it('a bodiless reset from curl (no Origin, no Sec-Fetch-Site) still resets', async () => {
    const reset = await rawRequest(consoleAt('/reset'), {
      method: 'POST',
      headers: { 'content-length': '0' },
    });
    expect(reset.status).toBe(200);
    expect((await h.api('GET', `/api/trackers/${trackerId}`)).status).toBe(404);
  });
});
