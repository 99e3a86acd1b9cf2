import { LIMITS } from '@trackerkit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makePdf, PNG_BYTES } from '../fixtures/make-pdf.ts';
import { type Harness, type Loose, startHarness } from './harness.ts';

let h: Harness;
let t: Loose;
const sources = () => `/api/trackers/${t.tracker_id}/vault/sources`;
const upload = (form: FormData) => h.api('POST', sources(), form);
const file = (name: string, data: Buffer | string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  form.set('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
};

beforeEach(async () => {
  h = await startHarness({ clock: 'manual', clockStart: '2030-01-01T00:00:00Z' });
  t = await h.tracker();
});
afterEach(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
});

describe('vault', () => {
  it('stores JSON rows, appends to an existing source and serves recent items', async () => {
    const first = await h.api('POST', sources(), {
      source_name: 'deliveries',
      description: 'log',
      data: [{ a: 1 }, { a: 2 }],
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      is_new_source: true,
      rows_processed: 2,
      cost_quants: 0,
      source_type: 'JSON',
      data_count: 2,
      metadata: null,
    });
    const second = await h.api('POST', sources(), { source_name: 'deliveries', data: { a: 3 } });
    expect(second.body).toMatchObject({
      is_new_source: false,
      rows_processed: 1,
      data_count: 3,
      source_id: first.body.source_id,
    });
    const recent = await h.api(
      'GET',
      `/api/trackers/${t.tracker_id}/vault/recent?limit=2&content_types=json`,
    );
    expect(recent.body.total).toBe(3);
    expect(recent.body.results.map((r: Loose) => r.content)).toEqual(['{"a":3}', '{"a":2}']);
    expect(recent.body.filters_applied).toMatchObject({
      limit: 2,
      content_types: ['json'],
      order_by: 'created_at',
      order: 'desc',
    });
    const tooMany = await h.api('POST', sources(), {
      source_name: 'x',
      data: Array.from({ length: LIMITS.uploadRowsMax + 1 }, () => ({})),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail[0]).toMatchObject({ loc: ['body', 'data'], type: 'too_long' });
    expect((await h.api('POST', sources(), { source_name: 'x', data: [1] })).body.detail[0].loc).toEqual([
      'body',
      'data',
      0,
    ]);
  });

  it('patches, lists, gets and deletes sources', async () => {
    const { body } = await h.api('POST', sources(), { source_name: 'a', data: { a: 1 } });
    const patched = await h.api('PATCH', `${sources()}/${body.source_id}`, {
      name: 'b',
      description: 'renamed',
    });
    expect(patched.body).toMatchObject({ name: 'b', description: 'renamed', data_count: 1 });
    expect((await h.api('GET', sources())).body.data[0].name).toBe('b');
    expect((await h.api('DELETE', `${sources()}/${body.source_id}`)).body.success).toBe(true);
    expect((await h.api('GET', `${sources()}/${body.source_id}`)).status).toBe(404);
  });

  it('extracts PDF text, CSV rows, TXT and MD, and images by description', async () => {
    const pdf = await upload(
      file('report.pdf', makePdf([{ content: 'BT (Profit growth is strong) Tj ET', flate: true }])),
    );
    expect(pdf.body).toMatchObject({ source_type: 'PDF', name: 'report.pdf', rows_processed: 1 });
    const csv = await upload(
      file('rows.csv', 'sku,late_days\nA-1,4\n"B,7",0\n', { source_name: 'csv-rows' }),
    );
    expect(csv.body).toMatchObject({ source_type: 'CSV', rows_processed: 2 });
    // The 10-character minimum is for images only: a short description on a document is fine.
    expect((await upload(file('notes.md', '# Notes\nAll good', { description: 'md' }))).status).toBe(201);
    const png = await upload(
      file('dock.png', PNG_BYTES, { description: 'Loading dock photographed on Monday' }),
    );
    expect(png.body).toMatchObject({ source_type: 'PNG', size_bytes: PNG_BYTES.length });
    const recent = (await h.api('GET', `/api/trackers/${t.tracker_id}/vault/recent?limit=100`)).body.results;
    const byType = (type: string) =>
      recent.filter((r: Loose) => r.content_type === type).map((r: Loose) => r.content);
    expect(byType('image')).toEqual(['Loading dock photographed on Monday']);
    expect(byType('json')).toEqual(
      expect.arrayContaining(['{"sku":"A-1","late_days":4}', '{"sku":"B,7","late_days":0}']),
    );
    expect(byType('text')).toEqual(['# Notes\nAll good', 'Profit growth is strong']);
  });

  it.each([
    ['an unsupported type', file('tool.exe', 'MZ'), ['body', 'file']],
    ['an empty file', file('notes.txt', ''), ['body', 'file']],
    [
      'a PNG name on text bytes',
      file('fake.png', 'not an image', { description: 'A long enough description' }),
      ['body', 'file'],
    ],
    ['an image without description', file('dock.png', PNG_BYTES), ['body', 'description']],
    [
      'an image with a description under the minimum',
      file('dock.png', PNG_BYTES, { description: 'x'.repeat(LIMITS.imageDescriptionMin - 1) }),
      ['body', 'description'],
    ],
    [
      'no file part',
      (() => {
        const f = new FormData();
        f.set('source_name', 'x');
        return f;
      })(),
      ['body', 'file'],
    ],
  ])('refuses %s with 422', async (_, form, loc) => {
    const answer = await upload(form as FormData);
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(loc);
  });

  it('expires items past vault_ttl_days on the clock', async () => {
    const ttl = await h.tracker({ vault_ttl_days: 1 });
    const path = `/api/trackers/${ttl.tracker_id}/vault/sources`;
    await h.api('POST', path, { source_name: 'old', data: { a: 1 } });
    await h.console('POST', '/clock', { advance_minutes: 12 * 60 });
    await h.api('POST', path, { source_name: 'new', data: { a: 2 } });
    const sinceHours = await h.api('GET', `/api/trackers/${ttl.tracker_id}/vault/recent?since_hours=1`);
    expect(sinceHours.body.total).toBe(1);
    await h.console('POST', '/clock', { advance_minutes: 12 * 60 });
    const left = (await h.api('GET', path)).body.data.map((s: Loose) => s.name);
    expect(left).toEqual(['new']);
    await h.console('POST', '/clock', { advance_minutes: 12 * 60 });
    expect((await h.api('GET', path)).body.data).toEqual([]);
  });

  it('rate-limits uploads per account with Retry-After on the emulator clock', async () => {
    for (let i = 0; i < LIMITS.uploadsPerWindow; i++) {
      expect((await h.api('POST', sources(), { source_name: 's', data: { i } })).status).toBe(201);
    }
    await h.console('POST', '/clock', { advance_minutes: 0.5 });
    const limited = await h.api('POST', sources(), { source_name: 's', data: {} });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toContain(String(LIMITS.uploadsPerWindow));
    expect(limited.headers.get('retry-after')).toBe(String(LIMITS.uploadWindowSeconds - 30));
    await h.console('POST', '/clock', { advance_minutes: 0.5 });
    expect((await h.api('POST', sources(), { source_name: 's', data: {} })).status).toBe(201);
  });

  it('rate-limits source lists', async () => {
    for (let i = 0; i < LIMITS.sourceListsPerWindow; i++) await h.api('GET', sources());
    const limited = await h.api('GET', sources());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBe(LIMITS.sourceListWindowSeconds);
  });
});

describe('parsers (multipart through Request.formData(), CSV through csv-parse)', () => {
  let p: Harness;
  beforeEach(async () => {
    p = await startHarness();
  });
  afterEach(async () => {
    expect(p.emu.contractViolations()).toEqual([]);
    await p.emu.close();
  });

  const send = (trackerId: string, body: string, type: string) =>
    fetch(`${p.emu.baseUrl}/api/trackers/${trackerId}/vault/sources`, {
      method: 'POST',
      headers: { authorization: `Bearer ${p.emu.token}`, 'content-type': type },
      body,
    });

  it.each([
    ['no boundary', 'multipart/form-data', 'x', 400],
    ['a body that is not multipart', 'multipart/form-data; boundary=B', 'hello', 400],
    [
      'an unclosed CSV quote',
      'multipart/form-data; boundary=B',
      '--B\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na\n"open\r\n--B--\r\n',
      422,
    ],
  ])('answers %s with %i, never 500', async (_, type, body, status) => {
    const t = await p.tracker();
    const answer = await send(t.tracker_id, body, type);
    expect(answer.status).toBe(status);
  });

  it('keeps "007" a string and a quoted file name with a semicolon', async () => {
    const t = await p.tracker();
    const body =
      '--B\r\nContent-Disposition: form-data; name="file"; filename="codes; 2026.csv"\r\nContent-Type: text/csv\r\n\r\ncode,score\n007,4\r\n--B--\r\n';
    const answer = await send(t.tracker_id, body, 'multipart/form-data; boundary=B');
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ name: 'codes; 2026.csv', rows_processed: 1 });
    const recent = await p.api('GET', `/api/trackers/${t.tracker_id}/vault/recent`);
    expect(recent.body.results[0].content).toBe('{"code":"007","score":4}');
  });
});
