// The Tracker Signal Trigger's poll against the emulator, with the workflow's static data kept between
// polls as n8n keeps it. The same behaviour runs inside real n8n in tests/n8n (the "all trackers"
// tests); here each case is a few milliseconds.
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { type IDataObject, type IPollFunctions, sleep } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackerSignalTrigger } from '../../nodes/TrackerSignalTrigger/TrackerSignalTrigger.node';
import { callApi, nodeContext } from './node-context';

let emulator: RunningEmulator;
const api = <T>(method: string, path: string, body?: unknown) =>
  callApi<T>(emulator, method, `${emulator.baseUrl}${path}`, body);
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

const createTracker = (name: string) =>
  api<{ tracker_id: string }>('POST', `/api/spaces/${emulator.spaceId}/trackers`, {
    name,
    description: `${name}, for the polling trigger`,
    run_mode: 'manual',
    agent_config: { instruction: 'Assess.', score_meaning: '10 is good.', skills: [] },
  }).then((tracker) => tracker.tracker_id);
const runOnce = (trackerId: string, score = 5) =>
  api<{ run_id: string }>('POST', `/api/trackers/${trackerId}/runs`, {
    sync: true,
    context: { emulator: { score } },
  }).then((run) => run.run_id);

const failOnce = (trackerId: string) =>
  api<{ run_id: string; status: string }>('POST', `/api/trackers/${trackerId}/runs`, {
    sync: true,
    context: { emulator: { fail: 'Source feed unreachable' } },
  }).then((run) => {
    expect(run.status).toBe('failed');
    return run.run_id;
  });

/**
 * Waits until the clock is in the next second. The service's timestamps have one-second
 * precision: two runs that end within one second are tied, and which of them is the newer is then
 * not in the data (on a fast machine both runs of a test end in the same second).
 */
const nextSecond = () => sleep(1_005 - (Date.now() % 1_000));

/**
 * One activated trigger: its parameters and the static data n8n keeps for it between polls. Without
 * `events` the parameter is absent, as in a workflow saved before the option existed.
 */
function trigger(
  trackerIds: () => string[],
  mode: 'trigger' | 'manual' = 'trigger',
  more: { events?: () => string[]; filters?: IDataObject; staticData?: IDataObject } = {},
) {
  const staticData: IDataObject = more.staticData ?? {};
  return {
    staticData,
    async poll(): Promise<string[]> {
      const { ctx } = nodeContext(emulator, {
        spaceId: byId(emulator.spaceId),
        trackerIds: () => trackerIds(),
        filters: more.filters ?? {},
        ...(more.events ? { events: () => more.events?.() } : {}),
      });
      const itemParameter = ctx.getNodeParameter.bind(ctx) as (...args: unknown[]) => unknown;
      Object.assign(ctx, {
        // A poll has no items: getNodeParameter(name, fallback, options).
        getNodeParameter: (name: string, fallback?: unknown, options?: unknown) =>
          itemParameter(name, 0, fallback, options),
        getMode: () => mode,
        getWorkflowStaticData: () => staticData,
      });
      Object.assign(ctx.helpers, {
        returnJsonArray: (items: IDataObject[]) => items.map((json) => ({ json })),
      });
      const out = await new TrackerSignalTrigger().poll.call(ctx as unknown as IPollFunctions);
      return (out?.[0] ?? []).map((item) => String(item.json.run_id));
    },
  };
}

beforeAll(async () => {
  emulator = await startEmulator({ validateResponses: true, log: () => {} });
});

afterAll(async () => {
  expect(emulator.contractViolations()).toEqual([]);
  await emulator?.close();
});

describe('Tracker Signal Trigger: one cursor per tracker', () => {
  it('baselines a tracker added to a live trigger instead of replaying its history', async () => {
    const first = await createTracker('Watched from the start');
    await runOnce(first);
    const watched = [first];
    const live = trigger(() => watched);
    expect(await live.poll()).toEqual([]); // activation: history is not emitted

    const added = await createTracker('Added later');
    for (let i = 0; i < 5; i++) await runOnce(added);
    watched.push(added);
    expect(await live.poll()).toEqual([]); // the new tracker's five old runs stay history

    const fresh = [await runOnce(added, 8), await runOnce(first, 2)];
    expect((await live.poll()).sort()).toEqual(fresh.sort());
    expect(await live.poll()).toEqual([]);
  });

  it('with every tracker of the space watched, emits every run of a tracker created later', async () => {
    const live = trigger(() => []);
    await live.poll();
    const created = await createTracker('Created while watched');
    const runs: string[] = [];
    for (let i = 0; i < 3; i++) runs.push(await runOnce(created));
    expect((await live.poll()).sort()).toEqual(runs.sort());
    const fresh = await runOnce(created);
    expect(await live.poll()).toEqual([fresh]);
    expect(await live.poll()).toEqual([]);
  });

  it('a tracker seen by polls n8n never saved still gets the runs it ended while n8n was down', async () => {
    // n8n saves a poll's static data only with an emission and at activation: `saved` is what a
    // restart loads.
    const live = trigger(() => []);
    await live.poll();
    const saved = structuredClone(live.staticData);
    const created = await createTracker('Seen, then n8n stopped');
    expect(await live.poll()).toEqual([]); // it has no run yet: nothing emitted, nothing saved
    expect(await live.poll()).toEqual([]);
    const downtime = [await runOnce(created, 2), await runOnce(created, 9)];
    const restarted = trigger(() => [], 'trigger', { staticData: saved });
    expect((await restarted.poll()).sort()).toEqual(downtime.sort());
    expect(await restarted.poll()).toEqual([]);
  });

  it('another space chosen later is baselined, not replayed from the old watermark', async () => {
    const live = trigger(() => []);
    await live.poll();
    const watermark = (live.staticData.watermarks as Record<string, { spaceId: string }>).completed;
    expect(watermark?.spaceId).toBe(emulator.spaceId);
    live.staticData.watermarks = { completed: { ...watermark, spaceId: 'spc_another' } };
    const tracker = await createTracker('History in the newly chosen space');
    await runOnce(tracker);
    expect(await live.poll()).toEqual([]);
  });

  it('forgets a dropped tracker, so adding it again starts after its newest run', async () => {
    const kept = await createTracker('Kept');
    const dropped = await createTracker('Dropped and added again');
    await runOnce(dropped);
    const watched = [kept, dropped];
    const live = trigger(() => watched);
    await live.poll();
    watched.pop();
    await live.poll();
    expect(Object.keys(live.staticData.cursors as object)).toEqual([kept]);
    await runOnce(dropped); // completed while the tracker was not watched
    watched.push(dropped);
    expect(await live.poll()).toEqual([]);
  });

  it('keeps cursors saved by earlier builds (and drops their one-flag `initialized`)', async () => {
    const tracker = await createTracker('Upgraded');
    await runOnce(tracker);
    const live = trigger(() => [tracker]);
    await live.poll();
    live.staticData.initialized = true;
    const fresh = await runOnce(tracker);
    expect(await live.poll()).toEqual([fresh]);
    expect(live.staticData).not.toHaveProperty('initialized');
  });

  it('a manual test shows the newest run and leaves the cursors alone', async () => {
    const tracker = await createTracker('Tested by hand');
    await runOnce(tracker);
    await nextSecond();
    const newest = await runOnce(tracker);
    const manual = trigger(() => [tracker], 'manual');
    expect(await manual.poll()).toEqual([newest]);
    expect(manual.staticData).toEqual({});
  });
});

describe('Tracker Signal Trigger: Events › Failed Runs', () => {
  it('without the option (saved workflows), emits completed runs only', async () => {
    const tracker = await createTracker('Default events');
    const live = trigger(() => [tracker]);
    await live.poll();
    await failOnce(tracker);
    const completed = await runOnce(tracker);
    expect(await live.poll()).toEqual([completed]);
    expect(live.staticData).not.toHaveProperty('failedCursors');
  });

  it('emits each newly failed run once, never earlier failures, and does not filter it by signal', async () => {
    const tracker = await createTracker('Watched for failures');
    await failOnce(tracker);
    await runOnce(tracker);
    const live = trigger(() => [tracker], 'trigger', {
      events: () => ['completed', 'failed'],
      filters: { signals: ['Excellent'] },
    });
    expect(await live.poll()).toEqual([]); // activation: neither history is emitted
    const failed = await failOnce(tracker);
    await runOnce(tracker, 5); // Neutral: the signal filter drops it
    const excellent = await runOnce(tracker, 9);
    expect((await live.poll()).sort()).toEqual([failed, excellent].sort());
    expect(await live.poll()).toEqual([]);
  });

  it('turned on later, starts after the failures it did not watch', async () => {
    const tracker = await createTracker('Failures watched later');
    const events = ['completed'];
    const live = trigger(() => [tracker], 'trigger', { events: () => events });
    await live.poll();
    await failOnce(tracker);
    expect(await live.poll()).toEqual([]);
    events.push('failed');
    expect(await live.poll()).toEqual([]); // the failure before the switch stays history
    const failed = await failOnce(tracker);
    expect(await live.poll()).toEqual([failed]);
    events.splice(0, 1); // failed runs only: the completed cursor is dropped
    await live.poll();
    expect(live.staticData).not.toHaveProperty('cursors');
  });

  it('a manual test shows the newest failed run', async () => {
    const tracker = await createTracker('Failure tested by hand');
    await failOnce(tracker);
    await nextSecond();
    const newest = await failOnce(tracker);
    const manual = trigger(() => [tracker], 'manual', { events: () => ['failed'] });
    expect(await manual.poll()).toEqual([newest]);
    expect(manual.staticData).toEqual({});
  });

  it('refuses an empty Events selection', async () => {
    const tracker = await createTracker('No events');
    const live = trigger(() => [tracker], 'trigger', { events: () => [] });
    await expect(live.poll()).rejects.toThrow('Events: choose Completed Runs, Failed Runs or both');
  });
});
