import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, type Loose, startHarness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ clock: 'manual', clockStart: '2030-01-01T00:00:00Z' });
});
afterEach(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
});

const space = async () => (await h.api('GET', `/api/spaces/${h.emu.spaceId}`)).body;
const counts = async () => {
  const { tracker_count, source_count, result_count, used_gb } = await space();
  return { tracker_count, source_count, result_count, used_bytes: Math.round(used_gb * 1e9) };
};

describe('space counts', () => {
  it('follow uploads, runs, deletes and expiry', async () => {
    const t = await h.tracker({ vault_ttl_days: 1 });
    const sources = `/api/trackers/${t.tracker_id}/vault/sources`;
    const one = await h.api('POST', sources, { source_name: 'a', data: [{ n: 1 }, { n: 22 }] });
    await h.api('POST', sources, { source_name: 'a', data: { n: 333 } });
    const two = await h.api('POST', sources, { source_name: 'b', data: { m: 1 } });
    expect(await counts()).toEqual({ tracker_count: 1, source_count: 2, result_count: 0, used_bytes: 31 });
    const ok = await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, { sync: true });
    await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, {
      sync: true,
      context: { emulator: { fail: 'x' } },
    });
    expect(await counts()).toMatchObject({ result_count: 1 });
    await h.api('DELETE', `${sources}/${two.body.source_id}`);
    expect(await counts()).toEqual({ tracker_count: 1, source_count: 1, result_count: 1, used_bytes: 24 });
    await h.api('DELETE', `/api/trackers/${t.tracker_id}/runs/${ok.body.run_id}`);
    expect(await counts()).toMatchObject({ result_count: 0 });
    await h.emu.clock.advance(24 * 60);
    expect(await counts()).toEqual({ tracker_count: 1, source_count: 0, result_count: 0, used_bytes: 0 });
    expect((await h.api('GET', `${sources}/${one.body.source_id}`)).status).toBe(404);
    await h.api('DELETE', `/api/trackers/${t.tracker_id}`);
    expect(await counts()).toMatchObject({ tracker_count: 0 });
  });

  it('paginates with exact totals', async () => {
    for (let i = 0; i < 5; i++) await h.tracker({ name: `t${i}` });
    const list = async (q: string) =>
      (await h.api('GET', `/api/trackers?space_id=${h.emu.spaceId}&${q}`)).body;
    expect((await list('')).pagination).toEqual({ page: 1, page_size: 20, total_items: 5, total_pages: 1 });
    const last = await list('page=3&page_size=2');
    expect(last.pagination).toEqual({ page: 3, page_size: 2, total_items: 5, total_pages: 3 });
    expect(last.data.map((t: Loose) => t.name)).toEqual(['t0']);
    expect((await list('page=4&page_size=2')).data).toEqual([]);
    expect((await h.api('GET', `/api/trackers?space_id=${h.emu.spaceId}&page=0`)).status).toBe(422);
    expect((await h.api('GET', '/api/trackers')).body.detail[0].loc).toEqual(['query', 'space_id']);
  });
});

describe('timestamps', () => {
  it('move updated_at on PATCH and last_run_at on each finished run', async () => {
    const t = await h.tracker();
    expect(t.updated_at).toBe(t.created_at);
    await h.emu.clock.advance(10);
    const patched = (await h.api('PATCH', `/api/trackers/${t.tracker_id}`, { name: 'renamed' })).body;
    expect(patched).toMatchObject({ created_at: t.created_at, updated_at: '2030-01-01T00:10:00.000Z' });
    await h.emu.clock.advance(5);
    await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, {
      sync: true,
      context: { emulator: { fail: 'x' } },
    });
    const after = (await h.api('GET', `/api/trackers/${t.tracker_id}`)).body;
    expect(after).toMatchObject({ last_run_at: '2030-01-01T00:15:00.000Z', updated_at: patched.updated_at });
  });
});

describe('run filters', () => {
  it('combine date ranges (inclusive) with the other filters', async () => {
    const t = await h.tracker();
    const base = `/api/trackers/${t.tracker_id}/runs`;
    for (const score of [2, 6, 9]) {
      await h.api('POST', base, { sync: true, context: { emulator: { score } } });
      await h.emu.clock.advance(60);
    }
    const scores = async (q: string) => {
      const { body } = await h.api('GET', `${base}?${q}`);
      return body.data.map((r: Loose) => r.result.score);
    };
    expect(await scores('start_date=2030-01-01T01:00:00Z')).toEqual([9, 6]);
    expect(await scores('end_date=2030-01-01T01:00:00Z')).toEqual([6, 2]);
    expect(await scores('start_date=2030-01-01T01:00:00Z&end_date=2030-01-01T01:00:00Z')).toEqual([6]);
    expect(await scores('start_date=2030-01-01T00:30:00%2B00:00&min_score=7')).toEqual([9]);
    expect(await scores('start_date=2030-01-01T00:00:00Z&signal=Negative&status=completed')).toEqual([2]);
    expect(await scores('notification_status=skipped&max_score=6')).toEqual([6, 2]);
    const invalid = await h.api('GET', `${base}?min_score=11&notification_status=maybe`);
    expect(invalid.body.detail.map((i: Loose) => i.loc)).toEqual(
      expect.arrayContaining([
        ['query', 'min_score'],
        ['query', 'notification_status'],
      ]),
    );
  });
});

describe('schedules', () => {
  it('fire at end_time (inclusive) and follow an interval changed by PATCH', async () => {
    const schedule = { start_time: '2030-01-01T00:00:00Z', interval_minutes: 60, end_time: null };
    const t = await h.tracker({ run_mode: 'scheduled', schedule });
    const starts = async () =>
      (await h.api('GET', `/api/trackers/${t.tracker_id}/runs?page_size=100`)).body.data
        .map((r: Loose) => r.started_at.slice(11, 16))
        .reverse();
    expect(await starts()).toEqual([]);
    await h.emu.clock.advance(60);
    expect(await starts()).toEqual(['00:00', '01:00']);
    // Changed right after the 01:00 occurrence: 01:00 does not fire twice; the new grid takes over.
    await h.api('PATCH', `/api/trackers/${t.tracker_id}`, {
      schedule: { ...schedule, interval_minutes: 15, end_time: '2030-01-01T01:45:00Z' },
    });
    await h.emu.clock.advance(120);
    expect(await starts()).toEqual(['00:00', '01:00', '01:15', '01:30', '01:45']);
  });
});

describe('vault/recent', () => {
  it('applies limit, content_types and since_hours and echoes them', async () => {
    const t = await h.tracker();
    const sources = `/api/trackers/${t.tracker_id}/vault/sources`;
    await h.api('POST', sources, { source_name: 'old', data: Array.from({ length: 12 }, (_, i) => ({ i })) });
    await h.emu.clock.advance(180);
    const txt = new FormData();
    txt.set('file', new Blob(['fresh text']), 'fresh.txt');
    await h.api('POST', sources, txt);
    const recent = async (q: string) =>
      (await h.api('GET', `/api/trackers/${t.tracker_id}/vault/recent?${q}`)).body;
    const all = await recent('');
    expect(all.results).toHaveLength(10);
    expect(all.total).toBe(13);
    expect(all.results[0]).toMatchObject({
      content: 'fresh text',
      content_type: 'text',
      source_name: 'fresh.txt',
    });
    expect(all.filters_applied).toEqual({
      mode: 'retrieve',
      keywords: null,
      content_types: null,
      since: null,
      until: null,
      limit: 10,
      group_by: null,
      order_by: 'created_at',
      order: 'desc',
    });
    const fresh = await recent('since_hours=2&content_types=json,text,json');
    expect(fresh.total).toBe(1);
    expect(fresh.filters_applied).toMatchObject({
      since: '2030-01-01T01:00:00.000Z',
      content_types: ['json', 'text'],
    });
    expect((await recent('content_types=image')).total).toBe(0);
    const jsonOnly = await recent('content_types=json&limit=100');
    expect(jsonOnly.results.map((r: Loose) => JSON.parse(r.content).i)).toEqual(
      Array.from({ length: 12 }, (_, i) => 11 - i),
    );
    for (const q of ['limit=0', 'limit=101', 'content_types=pdf', 'since_hours=0']) {
      expect((await h.api('GET', `/api/trackers/${t.tracker_id}/vault/recent?${q}`)).status).toBe(422);
    }
  });
});

describe('inactive spaces', () => {
  it('answer 403 below the space and keep showing the space', async () => {
    const t = await h.tracker();
    const src = (
      await h.api('POST', `/api/trackers/${t.tracker_id}/vault/sources`, { source_name: 's', data: {} })
    ).body.source_id;
    const run = (await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, { sync: true })).body.run_id;
    await h.console('PATCH', `/spaces/${h.emu.spaceId}`, { is_active: false });
    const tr = `/api/trackers/${t.tracker_id}`;
    const calls: [string, string, unknown?][] = [
      [
        'POST',
        `/api/spaces/${h.emu.spaceId}/trackers`,
        {
          name: 'n',
          description: 'd',
          run_mode: 'manual',
          agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
        },
      ],
      ['GET', `/api/trackers?space_id=${h.emu.spaceId}`],
      ['GET', tr],
      ['PATCH', tr, { name: 'x' }],
      ['DELETE', tr],
      ['POST', `${tr}/runs`, {}],
      ['GET', `${tr}/runs`],
      ['GET', `${tr}/runs/${run}`],
      ['DELETE', `${tr}/runs/${run}`],
      ['GET', `${tr}/vault/recent`],
      ['POST', `${tr}/vault/sources`, { source_name: 's', data: {} }],
      ['GET', `${tr}/vault/sources`],
      ['GET', `${tr}/vault/sources/${src}`],
      ['PATCH', `${tr}/vault/sources/${src}`, { name: 'x' }],
      ['DELETE', `${tr}/vault/sources/${src}`],
    ];
    for (const [method, path, body] of calls) {
      const answer = await h.api(method, path, body);
      expect([method, path, answer.status, answer.body]).toEqual([
        method,
        path,
        403,
        { detail: 'Space is not active' },
      ]);
    }
    expect((await h.api('GET', `/api/spaces/${h.emu.spaceId}`)).body.is_active).toBe(false);
    expect((await h.api('GET', '/api/spaces')).body.data[0].is_active).toBe(false);
  });
});

describe('console', () => {
  it('answers exactly the contract’s shapes', async () => {
    const acc = await h.console('POST', '/accounts', { email: 'c@example.test' });
    expect(acc.status).toBe(201);
    expect(Object.keys(acc.body).sort()).toEqual(['account_id', 'email', 'token']);
    const token = await h.console('POST', `/accounts/${acc.body.account_id}/tokens`);
    expect(token.status).toBe(201);
    expect(Object.keys(token.body)).toEqual(['token']);
    expect((await h.api('GET', '/api/spaces', undefined, token.body.token)).status).toBe(200);
    const created = await h.console('POST', `/accounts/${acc.body.account_id}/spaces`, {
      name: 'ops',
      description: 'Operations',
      category: 'operations',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'ops', category: 'operations', updated_at: null });
    const patched = await h.console('PATCH', `/spaces/${created.body.space_id}`, { name: 'ops2' });
    expect(patched).toMatchObject({
      status: 200,
      body: { name: 'ops2', updated_at: '2030-01-01T00:00:00.000Z' },
    });
    const hook = await h.console('PUT', `/accounts/${acc.body.account_id}/webhook`, {
      url: 'http://127.0.0.1:9/h',
    });
    expect(hook.status).toBe(200);
    expect(Object.keys(hook.body).sort()).toEqual(['secret', 'url']);
    expect(hook.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expect((await h.console('DELETE', `/spaces/${created.body.space_id}`)).body.success).toBe(true);
    expect((await h.console('GET', '/clock')).body).toEqual({ now: '2030-01-01T00:00:00.000Z' });
    const moved = await h.console('POST', '/clock', { advance_minutes: 90 });
    expect(moved).toMatchObject({ status: 200, body: { now: '2030-01-01T01:30:00.000Z' } });
    expect(Object.keys(moved.body)).toEqual(['now']);
    const wrong = await h.console('DELETE', '/clock');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST');
    expect((await h.console('POST', '/accounts/acc_nope/tokens')).status).toBe(404);
  });
});
