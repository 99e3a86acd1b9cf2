// Reset, fixtures (console API and --fixtures) and export, on real sockets.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type Harness, startHarness } from './harness.ts';

const FILE = fileURLToPath(new URL('../fixtures/state.yaml', import.meta.url));
const SPACE = 'spc_00000000-0000-4000-8000-000000000001';
let h: Harness;
afterEach(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
});

const start = (options = {}) =>
  startHarness({ clock: 'manual', clockStart: '2030-01-01T00:00:00Z', ...options });

describe('fixtures', () => {
  it('--fixtures loads spaces, trackers, finished runs and vault data the API then serves', async () => {
    h = await start({ fixtures: FILE });
    const space = await h.api('GET', `/api/spaces/${SPACE}`);
    expect(space.body).toMatchObject({
      name: 'Supply chain',
      tracker_count: 2,
      source_count: 1,
      result_count: 2,
    });
    const tracker = await h.api('GET', '/api/trackers/trk_supplier');
    expect(tracker.body).toMatchObject({
      schedule: { start_time: '2030-01-01T08:00:00Z', interval_minutes: 60, end_time: null },
      last_run_at: '2029-12-31T09:00:00.000Z',
    });
    const runs = await h.api('GET', '/api/trackers/trk_supplier/runs?status=completed');
    expect(runs.body.data.map((r: { result: { score: number; signal: string } }) => r.result)).toMatchObject([
      { score: 7, signal: 'Positive' },
      { score: 2, signal: 'Negative' },
    ]);
    const failed = await h.api('GET', '/api/trackers/trk_supplier/runs/run_c');
    expect(failed.body).toMatchObject({
      status: 'failed',
      result: null,
      error_message: 'upstream down',
      quants_used: 0,
    });
    const recent = await h.api('GET', '/api/trackers/trk_supplier/vault/recent');
    expect(recent.body.total).toBe(3);
    expect(recent.body.results.map((r: { content: string }) => r.content)).toContain(
      '{"sku":"A-1","late_days":4,"code":"007"}',
    );
    // The linked tracker reads the supplier's latest completed score (7).
    const linked = await h.api('POST', '/api/trackers/trk_portfolio/runs', { sync: true });
    expect(linked.body.result.score).toBe(7);
    // The fixture's schedule fires on the emulator clock.
    await h.emu.clock.advance(60 * 9);
    expect(
      (await h.api('GET', '/api/trackers/trk_supplier/runs?status=completed')).body.pagination.total_items,
    ).toBe(4);
  });

  it('loads through the console (YAML body) and refuses conflicts and bad values by place', async () => {
    h = await start();
    const yaml = readFileSync(FILE, 'utf8');
    const post = (body: string, type = 'application/yaml') =>
      fetch(`${h.emu.origin}/_emulator/fixtures`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
    const loaded = await post(yaml);
    expect(loaded.status).toBe(201);
    expect(await loaded.json()).toEqual({ spaces: 1, trackers: 2, runs: 3, sources: 1 });
    const again = await post(yaml);
    expect(again.status).toBe(409);
    expect((await again.json()).detail).toContain('trk_supplier already exists');
    const broken = parse(yaml);
    broken.spaces[0].space_id = 'spc_new';
    broken.spaces[0].trackers[0].tracker_id = 'trk_other';
    broken.spaces[0].trackers[0].agent_config.skills = ['astrology'];
    broken.spaces[0].trackers[0].runs[0].score = 11;
    broken.spaces[0].trackers[1].tracker_id = 'trk_other2';
    broken.spaces[0].trackers[1].agent_config.linked_trackers = ['trk_nowhere'];
    delete broken.spaces[0].trackers[0].runs;
    delete broken.spaces[0].trackers[0].vault;
    broken.spaces[0].trackers[0].runs = [{ score: 11 }];
    const refused = await post(JSON.stringify(broken), 'application/json');
    expect(refused.status).toBe(422);
    const locs = (await refused.json()).detail.map((i: { loc: unknown[] }) => i.loc.join('.'));
    expect(locs).toEqual(
      expect.arrayContaining([
        'fixtures.spaces.0.trackers.0.agent_config.skills.0',
        'fixtures.spaces.0.trackers.0.runs.0.score',
        'fixtures.spaces.0.trackers.1.agent_config.linked_trackers.0',
      ]),
    );
    expect((await h.api('GET', '/api/trackers/trk_other')).status).toBe(404); // nothing written
  });
});

describe('reset and export', () => {
  it('reset returns to the bootstrap state with the same token, and empties faults and the inbox', async () => {
    h = await start({ fixtures: FILE });
    const t = await h.tracker();
    h.emu.faults.add({ operation_id: 'getRun', kind: 'reset' });
    const answer = await h.console('POST', '/reset');
    expect(answer.body).toEqual({ accountId: h.emu.accountId, token: h.emu.token, spaceId: h.emu.spaceId });
    expect((await h.api('GET', `/api/trackers/${t.tracker_id}`)).status).toBe(404);
    const spaces = await h.api('GET', '/api/spaces');
    expect(spaces.body.data.map((s: { space_id: string }) => s.space_id)).toEqual([h.emu.spaceId]);
    expect(spaces.body.data[0]).toMatchObject({ tracker_count: 0, result_count: 0 });
    expect(h.emu.faults.list()).toEqual([]);
    expect(h.emu.inbox.list()).toEqual([]);
  });

  it('exports a state that loads back after a reset with the same ids and answers', async () => {
    h = await start({ fixtures: FILE });
    // Dated away from the clock's start, where a reset takes it back and a load would date them.
    await h.emu.clock.advance(60);
    const own = await h.tracker({ name: 'own' });
    await h.emu.clock.advance(30);
    await h.api('PATCH', `/api/trackers/${own.tracker_id}`, { description: 'patched later' });
    await h.api('POST', `/api/trackers/${own.tracker_id}/vault/sources`, {
      source_name: 's',
      data: [{ a: '007' }],
    });
    await h.api('POST', `/api/trackers/${own.tracker_id}/runs`, {
      sync: true,
      context: { emulator: { score: 9 } },
    });
    const snapshot = async () => ({
      own: (await h.api('GET', `/api/trackers/${own.tracker_id}`)).body,
      trackers: (await h.api('GET', `/api/trackers?space_id=${h.emu.spaceId}`)).body,
      runs: (await h.api('GET', `/api/trackers/${own.tracker_id}/runs`)).body.data.map(
        (r: { result: unknown }) => r.result,
      ),
      supplierRuns: (await h.api('GET', '/api/trackers/trk_supplier/runs')).body.pagination,
      recent: (await h.api('GET', `/api/trackers/${own.tracker_id}/vault/recent`)).body.results.map(
        (r: { content: string }) => r.content,
      ),
    });
    const before = await snapshot();
    const exported = (await h.console('GET', '/export')).body;
    h.emu.reset();
    expect((await h.api('GET', `/api/trackers/${own.tracker_id}`)).status).toBe(404);
    const reloaded = await h.console('POST', '/fixtures', exported);
    expect(reloaded.body).toEqual({ spaces: 1, trackers: 3, runs: 4, sources: 2 });
    const after = await snapshot();
    expect(after.runs).toEqual(before.runs);
    expect(after.supplierRuns).toEqual(before.supplierRuns);
    expect(after.recent).toEqual(before.recent);
    // The same answers, created_at and updated_at included.
    expect(after.own).toEqual(before.own);
    expect(after.own.updated_at).not.toBe(after.own.created_at);
    expect(after.trackers).toEqual(before.trackers);
    expect(h.emu.exportState()).toEqual(exported);
  });
});
