import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, type Loose, startHarness } from './harness.ts';

let h: Harness;
afterEach(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
});

describe('schedules on the manual clock', () => {
  it('runs at start_time, then every interval, never after end_time', async () => {
    h = await startHarness({ clock: 'manual', clockStart: '2030-01-01T00:00:00Z' });
    const schedule = {
      start_time: '2030-01-01T01:00:00Z',
      interval_minutes: 30,
      end_time: '2030-01-01T02:00:00Z',
    };
    const t = await h.tracker({ run_mode: 'scheduled', schedule });
    const runs = async () => (await h.api('GET', `/api/trackers/${t.tracker_id}/runs`)).body.data;
    const moved = await h.console('POST', '/clock', { advance_minutes: 59 });
    expect(moved.body.now).toBe('2030-01-01T00:59:00.000Z');
    expect(await runs()).toEqual([]);
    await h.console('POST', '/clock', { advance_minutes: 1 });
    expect((await runs()).map((r: Loose) => r.started_at)).toEqual(['2030-01-01T01:00:00.000Z']);
    const now = await h.emu.clock.advance(24 * 60);
    expect(now).toBe('2030-01-02T01:00:00.000Z');
    const all = await runs();
    expect(all.map((r: Loose) => r.started_at)).toEqual([
      '2030-01-01T02:00:00.000Z',
      '2030-01-01T01:30:00.000Z',
      '2030-01-01T01:00:00.000Z',
    ]);
    expect(
      all.every((r: Loose) => r.status === 'completed' && r.config_snapshot.trigger_type === 'scheduled'),
    ).toBe(true);
    expect((await h.api('GET', `/api/trackers/${t.tracker_id}`)).body.last_run_at).toBe(
      '2030-01-01T02:00:00.000Z',
    );
    expect((await h.console('GET', '/clock')).body.now).toBe('2030-01-02T01:00:00.000Z');
  });

  it('stops when switched to manual and skips inactive spaces', async () => {
    h = await startHarness({ clock: 'manual', clockStart: '2030-01-01T00:00:00Z' });
    const schedule = { start_time: '2030-01-01T00:00:00Z', interval_minutes: 1, end_time: null };
    const t = await h.tracker({ run_mode: 'scheduled', schedule });
    await h.emu.clock.advance(2);
    const count = async () =>
      (await h.api('GET', `/api/trackers/${t.tracker_id}/runs`)).body.pagination.total_items;
    expect(await count()).toBe(3);
    await h.api('PATCH', `/api/trackers/${t.tracker_id}`, { run_mode: 'manual' });
    await h.emu.clock.advance(5);
    expect(await count()).toBe(3);
    await h.api('PATCH', `/api/trackers/${t.tracker_id}`, { run_mode: 'scheduled' });
    await h.console('PATCH', `/spaces/${h.emu.spaceId}`, { is_active: false });
    await h.emu.clock.advance(5);
    await h.console('PATCH', `/spaces/${h.emu.spaceId}`, { is_active: true });
    expect(await count()).toBe(3);
  });

  it('refuses to move a real clock', async () => {
    h = await startHarness();
    expect((await h.console('POST', '/clock', { advance_minutes: 1 })).status).toBe(409);
    expect((await h.console('POST', '/clock', { advance_minutes: 'x' })).status).toBe(422);
  });
});
