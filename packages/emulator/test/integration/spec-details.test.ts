// The spec's last details, each checked on a real socket.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ clock: 'manual', clockStart: '2030-01-01T00:00:00Z' });
});
afterEach(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
});

const schedule = { start_time: '2030-01-01T00:00:00Z', interval_minutes: 60 };

describe('schedule as the tracker returns it', () => {
  it.each([
    ['manual with a schedule sent', { run_mode: 'manual', schedule }, null],
    ['manual without one', { run_mode: 'manual' }, null],
    ['end_time omitted', { run_mode: 'scheduled', schedule }, { ...schedule, end_time: null }],
    [
      'start_time and end_time in a +02:00 offset',
      {
        run_mode: 'scheduled',
        schedule: {
          start_time: '2030-01-01T10:00:00+02:00',
          interval_minutes: 15,
          end_time: '2030-01-02T10:30:00.250+02:00',
        },
      },
      { start_time: '2030-01-01T08:00:00Z', interval_minutes: 15, end_time: '2030-01-02T08:30:00.250Z' },
    ],
  ])('on create, %s', async (_, overrides, want) => {
    const created = await h.tracker(overrides);
    expect(created.schedule).toEqual(want);
    expect((await h.api('GET', `/api/trackers/${created.tracker_id}`)).body.schedule).toEqual(want);
  });

  it('is null after a PATCH to manual, and a later switch back needs a schedule again', async () => {
    const t = await h.tracker({ run_mode: 'scheduled', schedule });
    const manual = await h.api('PATCH', `/api/trackers/${t.tracker_id}`, { run_mode: 'manual' });
    expect(manual.body.schedule).toBeNull();
    const back = await h.api('PATCH', `/api/trackers/${t.tracker_id}`, { run_mode: 'scheduled' });
    expect(back.status).toBe(422);
    expect(back.body.detail[0].loc).toEqual(['body', 'schedule']);
  });

  it('normalises a PATCHed schedule to UTC and fires on the UTC grid', async () => {
    const t = await h.tracker();
    const patched = await h.api('PATCH', `/api/trackers/${t.tracker_id}`, {
      run_mode: 'scheduled',
      schedule: { start_time: '2030-01-01T01:30:00+01:00', interval_minutes: 60 },
    });
    expect(patched.body.schedule).toEqual({
      start_time: '2030-01-01T00:30:00Z',
      interval_minutes: 60,
      end_time: null,
    });
    await h.emu.clock.advance(31);
    const runs = await h.api('GET', `/api/trackers/${t.tracker_id}/runs`);
    expect(runs.body.pagination.total_items).toBe(1);
  });
});

describe('deleting a tracker', () => {
  it("removes its id from other trackers' linked_trackers", async () => {
    const a = await h.tracker({ name: 'a' });
    const b = await h.tracker({ name: 'b' });
    const linking = await h.tracker({ name: 'c' }, { linked_trackers: [a.tracker_id, b.tracker_id] });
    expect((await h.api('DELETE', `/api/trackers/${a.tracker_id}`)).status).toBe(200);
    const after = await h.api('GET', `/api/trackers/${linking.tracker_id}`);
    expect(after.body.agent_config.linked_trackers).toEqual([b.tracker_id]);
    // The tracker stays usable: a run of it reads only the remaining link.
    const run = await h.api('POST', `/api/trackers/${linking.tracker_id}/runs`, { sync: true });
    expect(run.status).toBe(200);
  });
});

describe('the linked-tracker maximum (5 in the base release, 10 in v0.3)', () => {
  it.each([
    ['10 by default: 11 refused', {}, 11, 422],
    ['10 by default: 10 taken', {}, 10, 201],
    ['--max-linked-trackers 5: 6 refused', { maxLinkedTrackers: 5 }, 6, 422],
    ['--max-linked-trackers 5: 5 taken', { maxLinkedTrackers: 5 }, 5, 201],
  ])('%s', async (_, options, count, status) => {
    await h.emu.close();
    h = await startHarness({ clock: 'manual', ...options });
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await h.tracker({ name: `t${i}` })).tracker_id);
    const answer = await h.api('POST', `/api/spaces/${h.emu.spaceId}/trackers`, {
      name: 'linking',
      description: 'links many',
      run_mode: 'manual',
      agent_config: { instruction: 'i', score_meaning: 's', skills: [], linked_trackers: ids },
    });
    expect(answer.status).toBe(status);
    if (status === 422) {
      expect(answer.body.detail[0]).toMatchObject({
        loc: ['body', 'agent_config', 'linked_trackers'],
        type: 'too_long',
      });
    }
  });
});
