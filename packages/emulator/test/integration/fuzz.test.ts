import { openapiDocument } from '@trackerkit/client';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, type Loose, startHarness } from './harness.ts';

let h: Harness;
const ids: Record<string, string[]> = { space_id: [], tracker_id: [], run_id: [], source_id: [] };

beforeAll(async () => {
  h = await startHarness({ clock: 'manual' });
  ids.space_id = [h.emu.spaceId];
  for (let i = 0; i < 3; i++) {
    const t = await h.tracker();
    ids.tracker_id?.push(t.tracker_id);
    const run = await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, { sync: true });
    ids.run_id?.push(run.body.run_id);
    const source = await h.api('POST', `/api/trackers/${t.tracker_id}/vault/sources`, {
      source_name: 's',
      data: { a: 1 },
    });
    ids.source_id?.push(source.body.source_id);
  }
});
afterAll(async () => {
  await h.emu.close();
});

const templates = Object.entries(openapiDocument.paths).flatMap(([path, item]) =>
  ['get', 'post', 'patch', 'delete'].filter((m) => m in item).map((method) => ({ path, method })),
);

const validish = {
  name: 'n',
  description: 'd',
  run_mode: 'scheduled',
  schedule: { start_time: '2030-01-01T00:00:00Z', interval_minutes: 5, end_time: null },
  agent_config: { instruction: 'i', score_meaning: 's', skills: ['web_research'], linked_trackers: [] },
  notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 3 },
  source_name: 'rows',
  data: [{ a: 1 }],
  sync: true,
  context: { emulator: { score: 4 } },
};

// Real ids are created in beforeAll, after the arbitraries exist: draw an index and resolve it late.
const segment = fc.oneof(
  fc.nat({ max: 9 }).map((i) => ({ real: i })),
  fc.nat({ max: 9 }).map((i) => ({ real: i })),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('%E0%A4%A', '..', 'trk_', ' '),
);
const resolveSegment = (name: string, value: { real: number } | string) =>
  typeof value === 'string'
    ? encodeURIComponent(value).replace('%25', '%')
    : (ids[name]?.[value.real % (ids[name]?.length ?? 1)] ?? 'x');

const queryValue = fc.oneof(
  fc.integer({ min: -5, max: 500 }).map(String),
  fc.string({ maxLength: 10 }),
  fc.constantFrom('json,text', 'Poor', 'completed', 'success', '2030-01-01T00:00:00Z', ''),
);
const queryName = fc.constantFrom(
  'page',
  'page_size',
  'space_id',
  'status',
  'signal',
  'notification_status',
  'start_date',
  'end_date',
  'min_score',
  'max_score',
  'limit',
  'content_types',
  'since_hours',
);

const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom('{', '{"a":', 'null', '[]', '""', '\u0000'),
  fc
    .record(
      Object.fromEntries(
        Object.entries(validish).map(([k, v]) => [
          k,
          fc.oneof(fc.constant(v), fc.jsonValue({ maxDepth: 2 })),
        ]),
      ),
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
);

const request = fc.record({
  template: fc.constantFrom(...templates),
  otherMethod: fc.option(fc.constantFrom('PUT', 'GET', 'POST', 'HEAD'), { freq: 8 }),
  segments: fc.record({ space_id: segment, tracker_id: segment, run_id: segment, source_id: segment }),
  query: fc.array(fc.tuple(queryName, queryValue), { maxLength: 4 }),
  body,
  contentType: fc.constantFrom(
    'application/json',
    'application/json',
    'application/json',
    'text/plain',
    'multipart/form-data; boundary=xyz',
    undefined,
  ),
  auth: fc.constantFrom('bearer', 'bearer', 'bearer', 'x-api-key', 'none', 'wrong'),
});

function isDocumentedError(status: number, payload: Loose): boolean {
  if (status === 422) {
    return (
      Array.isArray(payload?.detail) &&
      payload.detail.length > 0 &&
      payload.detail.every(
        (i: Loose) => Array.isArray(i.loc) && typeof i.msg === 'string' && typeof i.type === 'string',
      )
    );
  }
  return typeof payload?.detail === 'string';
}

describe('random and malformed requests', () => {
  it('never answer 5xx and always use the documented error shapes', async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const path = r.template.path.replace(/\{(\w+)\}/g, (_, name: keyof typeof r.segments) =>
          resolveSegment(name, r.segments[name]),
        );
        const search = new URLSearchParams(r.query).toString();
        const method = r.otherMethod ?? r.template.method.toUpperCase();
        const headers: Record<string, string> = {};
        if (r.auth === 'bearer') headers.authorization = `Bearer ${h.emu.token}`;
        if (r.auth === 'x-api-key') headers['x-api-key'] = h.emu.token;
        if (r.auth === 'wrong') headers.authorization = 'Bearer qapi_wrong';
        if (r.contentType) headers['content-type'] = r.contentType;
        const hasBody = r.body !== undefined && method !== 'GET' && method !== 'HEAD';
        const response = await fetch(`${h.emu.baseUrl}${path}${search ? `?${search}` : ''}`, {
          method,
          headers,
          body: hasBody ? r.body : undefined,
        });
        const text = await response.text();
        seen.add(response.status);
        expect(response.status).toBeLessThan(500);
        if (method !== 'HEAD' && response.status >= 400) {
          expect(isDocumentedError(response.status, JSON.parse(text))).toBe(true);
        }
      }),
      { numRuns: 1000, seed: 20261121 },
    );
    await h.emu.idle();
    // The generator must reach past auth and routing into validation and the handlers.
    expect([...seen].sort()).toEqual(expect.arrayContaining([200, 201, 202, 400, 401, 404, 405, 415, 422]));
    expect(h.emu.contractViolations()).toEqual([]);
  });
});
