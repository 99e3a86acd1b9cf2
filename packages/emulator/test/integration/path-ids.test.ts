import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, type Loose, startHarness } from './harness.ts';

// A path parameter the service could never have issued (`..`, `.`, `a/b`, a control character) is
// an unknown id: 404, and never another resource. `fetch` and WHATWG URL parsing resolve dot
// segments (`%2E%2E` included) before anything is routed, so these requests go out as raw HTTP
// with the path exactly as written, the way curl --path-as-is sends it.
let h: Harness;
let ids: { tracker: string; run: string; source: string };

function raw(method: string, path: string): Promise<{ status: number; body: Loose }> {
  const { hostname, port } = new URL(h.emu.origin);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, method, path, headers: { authorization: `Bearer ${h.emu.token}` } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  h = await startHarness({ clock: 'manual' });
  const tracker = (await h.tracker()).tracker_id as string;
  const run = (await h.api('POST', `/api/trackers/${tracker}/runs`, { sync: true })).body.run_id as string;
  const source = (
    await h.api('POST', `/api/trackers/${tracker}/vault/sources`, { source_name: 's', data: { x: 1 } })
  ).body.source_id as string;
  ids = { tracker, run, source };
});
afterAll(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
});

/** What `..`, `.` and the characters that change a path look like on the wire. */
const SEGMENTS = [
  '..',
  '.',
  '%2E%2E',
  '%2e%2e',
  '.%2E',
  '%2E',
  '%2F',
  'a%2Fb',
  '%5C',
  '..%5C',
  '%00',
  '%20',
  '%09',
  '%3F',
  '%23',
  '%25',
  '%252E%252E',
  'x'.repeat(201),
];

// Each id position of the document, with the destructive call where there is one.
const POSITIONS: [string, string, (seg: string) => string][] = [
  ['DELETE', '/runs/{run_id}', (seg) => `/v1/api/trackers/${ids.tracker}/runs/${seg}`],
  ['GET', '/runs/{run_id}', (seg) => `/v1/api/trackers/${ids.tracker}/runs/${seg}`],
  ['DELETE', '/vault/sources/{source_id}', (seg) => `/v1/api/trackers/${ids.tracker}/vault/sources/${seg}`],
  ['PATCH', '/vault/sources/{source_id}', (seg) => `/v1/api/trackers/${ids.tracker}/vault/sources/${seg}`],
  ['DELETE', '/api/trackers/{tracker_id}', (seg) => `/v1/api/trackers/${seg}`],
  ['GET', '/api/trackers/{tracker_id}/runs', (seg) => `/v1/api/trackers/${seg}/runs`],
  ['GET', '/api/spaces/{space_id}', (seg) => `/v1/api/spaces/${seg}`],
];

describe('the emulator: an id the service could never have issued is an unknown id', () => {
  const table = POSITIONS.flatMap(([method, shown, at]) =>
    SEGMENTS.map((seg) => [method, shown, seg.length > 40 ? `${seg.length} x` : seg, at, seg] as const),
  );
  it.each(table)('%s %s with %s answers 404', async (method, _shown, _seg, at, seg) => {
    const answer = await raw(method, at(seg));
    expect(answer, `${method} ${at(seg)}`).toEqual({ status: 404, body: { detail: 'Not Found' } });
  });

  const walks: [string, string, () => string][] = [
    [
      'DELETE',
      '.../vault/sources/%2E%2E/%2E%2E',
      () => `/v1/api/trackers/${ids.tracker}/vault/sources/%2E%2E/%2E%2E`,
    ],
    ['DELETE', '.../vault/sources/../..', () => `/v1/api/trackers/${ids.tracker}/vault/sources/../..`],
    ['DELETE', '.../runs/{run_id}/..', () => `/v1/api/trackers/${ids.tracker}/runs/${ids.run}/..`],
    ['GET', '.../runs/%2E%2E/..', () => `/v1/api/trackers/${ids.tracker}/runs/%2E%2E/..`],
    [
      'GET',
      '/v1/api/spaces/%2E%2E/%2E%2E/_emulator/inbox',
      () => '/v1/api/spaces/%2E%2E/%2E%2E/_emulator/inbox',
    ],
    [
      'DELETE',
      'absolute-form .../runs/%2E%2E',
      () => `${h.emu.baseUrl}/api/trackers/${ids.tracker}/runs/%2E%2E`,
    ],
  ];
  it.each(walks)('%s %s walks nowhere: 404', async (method, _shown, path) => {
    expect(await raw(method, path())).toEqual({ status: 404, body: { detail: 'Not Found' } });
  });

  it('leaves the tracker, its run and its vault as they were', async () => {
    expect((await h.api('GET', `/api/trackers/${ids.tracker}`)).status).toBe(200);
    expect((await h.api('GET', `/api/trackers/${ids.tracker}/runs/${ids.run}`)).status).toBe(200);
    expect((await h.api('GET', `/api/trackers/${ids.tracker}/vault/sources/${ids.source}`)).status).toBe(200);
  });

  it('still decodes a percent-encoded id that is one (%5F is _)', async () => {
    const answer = await raw('GET', `/v1/api/trackers/${ids.tracker.replace('_', '%5F')}`);
    expect(answer.status).toBe(200);
    expect(answer.body.tracker_id).toBe(ids.tracker);
  });
});
