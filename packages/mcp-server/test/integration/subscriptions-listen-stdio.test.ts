// subscriptions/listen (2026-07-28) over stdio: the SDK v2 client, pinned to 2026-07-28, spawns the
// trackerkit-mcp command against the emulator (manual clock). serveStdio acks the listen and stamps
// its subscription id; this server watches the URIs the listen names (subscriptions/stdio-listen.ts):
// a tracker's URI is updated per finished run, a run's URI once, a URI the token cannot read is the
// resource miss, and ending the listens stops the polling.
import { Client, type McpSubscription, SUBSCRIPTION_ID_META_KEY } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createTrackerClient, type TrackerClient } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { RUN_UPDATE_META_KEY } from '../../src/subscriptions/resource-subscriptions.ts';
import { expectOneLoop, type PollWitness, startPollWitness } from '../helpers/poll-witness.ts';
import { commandParams } from './harness.ts';

const POLL_MS = 100;
const MISSING_TRACKER = 'trk_00000000-0000-4000-8000-000000000000';

let emulator: RunningEmulator;
let api: TrackerClient;
let client: Client;

type Update = { uri: string; _meta?: Record<string, unknown> };
const updates: Update[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock: 'manual', log: () => {} });
  api = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  client = new Client(
    { name: 'stdio-listener', version: '0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    updates.push(notification.params as Update);
  });
  await client.connect(
    new StdioClientTransport(
      commandParams(emulator, { TRACKERKIT_MCP_SUBSCRIPTION_POLL_MS: String(POLL_MS) }),
    ),
  );
});
afterAll(async () => {
  witness?.close();
  await client?.close();
  await emulator?.close();
});

let witness: PollWitness | undefined;
/** Waits until `n` polling intervals have passed, counted by a watch of its own (poll-witness.ts). */
async function intervals(n: number) {
  witness ??= await startPollWitness(emulator, POLL_MS);
  await witness.intervals(n);
}
const listRunsCalls = (trackerId: string) =>
  emulator.requests.count({ operation_id: 'listRuns', tracker_id: trackerId });
const runOf = (update: Update) => update._meta?.[RUN_UPDATE_META_KEY] as Record<string, unknown> | undefined;

async function createTracker(): Promise<string> {
  const tracker = await api.trackers.create(emulator.spaceId, {
    name: 'Stdio listen probe',
    description: 'A tracker whose runs are listened to over stdio.',
    run_mode: 'manual',
    agent_config: { instruction: 'Weigh the vault data.', score_meaning: '10 = good', skills: [] },
  });
  return tracker.tracker_id;
}

async function updatesFor(uri: string, count: number): Promise<Update[]> {
  const on = () => updates.filter((u) => u.uri === uri);
  await waitUntil(() => on().length >= count, { what: `${count} updates on ${uri}` });
  return on();
}

/** The polling of `trackerId` has stopped: no listRuns call over several intervals. */
async function expectNoPolling(trackerId: string) {
  await intervals(2);
  const settled = listRunsCalls(trackerId);
  await intervals(5);
  expect(listRunsCalls(trackerId)).toBe(settled);
}

describe('subscriptions/listen (2026-07-28, stdio)', () => {
  it('announces resources.subscribe to a 2026-07-28 connection', () => {
    expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });
  });

  it("a tracker's URI is updated per finished run, a run's URI once; closing the listens stops the polling", async () => {
    const trackerId = await createTracker();
    const trackerUri = `tracker://${trackerId}`;
    const subscriptions: McpSubscription[] = [];
    try {
      subscriptions.push(await client.listen({ resourceSubscriptions: [trackerUri] }));
      // Started after the tracker's loop took its baseline, so however slow this machine is the
      // loop reports it; still running when the second listen joins (which takes no baseline).
      const watched = await api.runs.trigger(trackerId, {
        context: { emulator: { score: 7, delay_ms: 1500 } },
      });
      const runUri = `tracker://${trackerId}/runs/${watched.run_id}`;
      subscriptions.push(await client.listen({ resourceSubscriptions: [trackerUri, runUri] }));
      expect(subscriptions[1]?.honoredFilter.resourceSubscriptions).toEqual([trackerUri, runUri]);

      const other = await api.runs.trigger(trackerId, { context: { emulator: { score: 2, delay_ms: 100 } } });
      const onTracker = await updatesFor(trackerUri, 4);
      const onRun = await updatesFor(runUri, 1);
      await intervals(3);
      // Each finished run once per listen naming the tracker (two listens), stamped with its id.
      expect(onTracker.map((u) => runOf(u)?.run_id).sort()).toEqual(
        [watched.run_id, watched.run_id, other.run_id, other.run_id].sort(),
      );
      expect(new Set(onTracker.map((u) => u._meta?.[SUBSCRIPTION_ID_META_KEY])).size).toBe(2);
      expect(updates.filter((u) => u.uri === runUri)).toHaveLength(1);
      expect(runOf(onRun[0] as Update)).toMatchObject({
        run_id: watched.run_id,
        status: 'completed',
        score: 7,
        alerted: false,
      });
      // One loop for the tracker: at most one poll per interval, however many listens follow it.
      await expectOneLoop(() => listRunsCalls(trackerId), POLL_MS);

      await subscriptions[0]?.close();
      await intervals(3);
      // The other listen still follows the tracker.
      const third = await api.runs.trigger(trackerId, { context: { emulator: { score: 5 } } });
      await updatesFor(trackerUri, 5);
      await intervals(3);
      expect(updates.filter((u) => runOf(u)?.run_id === third.run_id)).toHaveLength(1);
      await subscriptions[1]?.close();
      await expectNoPolling(trackerId);
    } finally {
      for (const subscription of subscriptions) await subscription.close();
    }
  });

  it.each([
    ['a tracker that does not exist', () => `tracker://${MISSING_TRACKER}`],
    [
      'a run that does not exist',
      (trackerId: string) => `tracker://${trackerId}/runs/run_00000000-0000-4000-8000-000000000000`,
    ],
  ])('%s is the resource miss, and nothing is left polling', async (_, uriOf) => {
    const trackerId = await createTracker();
    const uri = uriOf(trackerId);
    await expect(
      client.listen({ resourceSubscriptions: [uri, `tracker://${trackerId}`] }),
    ).rejects.toMatchObject({
      code: -32602,
      data: { uri },
    });
    await expectNoPolling(trackerId);
  });
});
