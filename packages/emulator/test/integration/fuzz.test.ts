import { openapiDocument } from '@trackerkit/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, PNG_BYTES } from '../fixtures/make-pdf.ts';
import { type Harness, type Loose, startHarness } from './harness.ts';

let h: Harness;
const SLOTS = 3;
const ids: Record<string, string[]> = { space_id: [], tracker_id: [], run_id: [], source_id: [] };

/** Fills slot `k` with a tracker that has a run and a source (again after a fuzzed delete). */
async function fill(k: number, what: 'tracker' | 'run' | 'source'): Promise<void> {
  const tracker = ids.tracker_id as string[];
  if (what === 'tracker') tracker[k] = (await h.tracker()).tracker_id;
  const trackerId = tracker[k];
  if (what !== 'source') {
    const run = await h.api('POST', `/api/trackers/${trackerId}/runs`, {});
    (ids.run_id as string[])[k] = run.body.run_id;
  }
  if (what !== 'run') {
    await h.emu.clock.advance(2); // keeps the upload rate limit from starving the slots
    const source = await h.api('POST', `/api/trackers/${trackerId}/vault/sources`, {
      source_name: 's',
      data: { a: 1 },
    });
    (ids.source_id as string[])[k] = source.body.source_id;
  }
}

beforeAll(async () => {
  h = await startHarness({ clock: 'manual' });
  ids.space_id = [h.emu.spaceId];
  for (let k = 0; k < SLOTS; k++) await fill(k, 'tracker');
});
afterAll(async () => {
  await h.emu.close();
});

const templates = Object.entries(openapiDocument.paths).flatMap(([path, item]) =>
  (['get', 'post', 'patch', 'delete'] as const)
    .filter((m) => m in item)
    .map((method) => ({
      path,
      method,
      operationId: String((item as Record<string, { operationId?: string }>)[method]?.operationId),
    })),
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

// Real ids are created in beforeAll, after the arbitraries exist: a real segment resolves late to
// the request's slot, so a tracker, its run and its source are drawn together.
const REAL = { real: true as const };
const segment = fc.oneof(
  fc.constant({ real: true as const }),
  fc.constant({ real: true as const }),
  fc.constant({ real: true as const }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('%E0%A4%A', '..', 'trk_', ' '),
);
const resolveSegment = (name: string, value: { real: true } | string, slot: number) =>
  typeof value === 'string'
    ? encodeURIComponent(value).replace('%25', '%')
    : (ids[name]?.[slot % (ids[name]?.length ?? 1)] ?? 'x');

// multipart/form-data bodies, built per request (fetch sets the boundary).
const FORMS: Record<string, () => FormData> = {
  txt: () => form('notes.txt', 'Deliveries recovered, on-time again', { source_name: 'notes' }),
  csv: () => form('rows.csv', 'sku,score\nA-1,4\n', {}),
  pdf: () => form('r.pdf', makePdf([{ content: 'BT (Profit) Tj ET' }]), { source_name: 'pdf' }),
  png: () => form('dock.png', PNG_BYTES, { description: 'Loading dock on Monday morning' }),
  pngNoDescription: () => form('dock.png', PNG_BYTES, {}),
  fakePng: () => form('dock.png', 'plain text', { description: 'Loading dock on Monday morning' }),
  exe: () => form('tool.exe', 'MZ', {}),
  noFile: () => {
    const f = new FormData();
    f.set('source_name', 'x');
    return f;
  },
};
function form(name: string, data: Buffer | string, fields: Record<string, string>): FormData {
  const f = new FormData();
  f.set('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

// Stands for the seeded space's id in a query string (only known once the emulator runs).
const SPACE = '{space}';
const queryValue = fc.oneof(
  fc.integer({ min: -5, max: 500 }).map(String),
  fc.string({ maxLength: 10 }),
  fc.constantFrom('json,text', 'Poor', 'completed', 'success', '2030-01-01T00:00:00Z', '', SPACE),
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
  fc.constantFrom(...Object.keys(FORMS)).map((name) => ({ form: name })),
);

const request = fc
  .record({
    template: fc.constantFrom(...templates),
    otherMethod: fc.option(fc.constantFrom('PUT', 'GET', 'POST', 'HEAD'), { freq: 8 }),
    segments: fc.record({ space_id: segment, tracker_id: segment, run_id: segment, source_id: segment }),
    slot: fc.nat({ max: SLOTS - 1 }),
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
    auth: fc.constantFrom('bearer', 'bearer', 'bearer', 'x-api-key', 'x-api-token', 'none', 'wrong'),
    // A third of the requests are well-formed for their operation, so that every operation and both
    // upload content types also get past validation into the handlers.
    wellFormed: fc.constantFrom(true, false, false),
    multipart: fc.boolean(),
    form: fc.constantFrom('txt', 'csv', 'pdf', 'png'),
    score: fc.integer({ min: 0, max: 10 }),
  })
  .map((r) => {
    if (!r.wellFormed) return r;
    const op = r.template.operationId;
    const json = (value: unknown) => JSON.stringify(value);
    const bodies: Record<string, string | { form: string } | undefined> = {
      createTracker: json({
        name: 'fuzzed',
        description: 'A complete create body',
        run_mode: 'manual',
        agent_config: { instruction: 'i', score_meaning: 's', skills: ['web_research'] },
      }),
      updateTracker: json({ description: `patched to ${r.score}` }),
      triggerRun: json({ sync: r.multipart, context: { emulator: { score: r.score } } }),
      uploadVaultData: r.multipart
        ? { form: r.form }
        : json({ source_name: 'rows', data: [{ score: r.score }] }),
      updateVaultSource: json({ description: `patched to ${r.score}` }),
    };
    return {
      ...r,
      otherMethod: null,
      segments: { space_id: REAL, tracker_id: REAL, run_id: REAL, source_id: REAL },
      query: op === 'listTrackers' ? [['space_id', SPACE] as [string, string]] : [],
      body: bodies[op],
      contentType: 'application/json',
      auth: r.auth === 'none' || r.auth === 'wrong' ? 'bearer' : r.auth,
    };
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
    // operationId (and media type for uploads) → statuses answered to well-routed requests.
    const reached = new Map<string, Set<number>>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const path = r.template.path.replace(/\{(\w+)\}/g, (_, name: keyof typeof r.segments) =>
          resolveSegment(name, r.segments[name], r.slot),
        );
        const search = new URLSearchParams(
          r.query.map(([k, v]) => [k, v === SPACE ? h.emu.spaceId : v]),
        ).toString();
        const method = r.otherMethod ?? r.template.method.toUpperCase();
        const headers: Record<string, string> = {};
        if (r.auth === 'bearer') headers.authorization = `Bearer ${h.emu.token}`;
        if (r.auth === 'x-api-key') headers['x-api-key'] = h.emu.token;
        if (r.auth === 'x-api-token') headers['x-api-token'] = h.emu.token;
        if (r.auth === 'wrong') headers.authorization = 'Bearer qapi_wrong';
        const multipart = typeof r.body === 'object';
        // A FormData body brings its own multipart content type and boundary.
        if (r.contentType && !multipart) headers['content-type'] = r.contentType;
        const hasBody = r.body !== undefined && method !== 'GET' && method !== 'HEAD';
        const payload = typeof r.body === 'object' ? (FORMS[r.body.form] as () => FormData)() : r.body;
        await h.emu.clock.advance(1 / 30); // two seconds a request: upload windows keep reopening
        const response = await fetch(`${h.emu.baseUrl}${path}${search ? `?${search}` : ''}`, {
          method,
          headers,
          body: hasBody ? payload : undefined,
        });
        const text = await response.text();
        seen.add(response.status);
        if (r.otherMethod === null) {
          const media =
            r.template.operationId === 'uploadVaultData' && hasBody
              ? multipart
                ? ' multipart/form-data'
                : ` ${r.contentType ?? '(none)'}`
              : '';
          const key = `${r.template.operationId}${media}`;
          reached.set(key, (reached.get(key) ?? new Set()).add(response.status));
        }
        if (method === 'DELETE' && response.status === 200) {
          const what =
            r.template.operationId === 'deleteTracker'
              ? 'tracker'
              : r.template.operationId === 'deleteRun'
                ? 'run'
                : 'source';
          await fill(r.slot, what);
        }
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
    // Every one of the document's operations answered with success at least once, and uploads did
    // so with both body content types.
    const succeeded = (key: string) => [...(reached.get(key) ?? [])].some((s) => s >= 200 && s < 300);
    const operations = [...new Set(templates.map((t) => t.operationId))];
    expect(operations).toHaveLength(17);
    expect(operations.filter((op) => op !== 'uploadVaultData' && !succeeded(op))).toEqual([]);
    expect(succeeded('uploadVaultData multipart/form-data')).toBe(true);
    expect(succeeded('uploadVaultData application/json')).toBe(true);
  });
});
