// Resource subscriptions (2025 era) with the SDK v1 client against the emulator (manual clock):
// subscribing to a tracker's URI brings notifications/resources/updated when one of its runs
// finishes, naming the run and whether it alerted; a run's URI, when that run finishes;
// unsubscribing stops them and the polling; closing the session stops the polling too.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createTrackerClient, type TrackerClient } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { RUN_UPDATE_META_KEY } from '../../src/subscriptions/resource-subscriptions.ts';
import { type PollWitness, startPollWitness } from '../helpers/poll-witness.ts';
import { commandParams, connectInMemory } from './harness.ts';

const POLL_MS = 100;

let emulator: RunningEmulator;
let api: TrackerClient;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock: 'manual', validateResponses: true, log: () => {} });
  api = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
});
afterAll(async () => {
  witness?.close();
  await emulator?.close();
});

async function createTracker(alerts = false): Promise<string> {
  const tracker = await api.trackers.create(emulator.spaceId, {
    name: 'Subscription probe',
    description: 'A tracker whose runs are watched.',
    run_mode: 'manual',
    agent_config: { instruction: 'Weigh the vault data.', score_meaning: '10 = good', skills: [] },
    ...(alerts
      ? { notification_config: { email_enabled: true, notify_below: true, lower_threshold: 3 } }
      : {}),
  });
  return tracker.tracker_id;
}

type Update = { uri: string; _meta?: Record<string, unknown> };

/** Every notifications/resources/updated the client receives, and a way to wait for one. */
function collect(client: Client) {
  const updates: Update[] = [];
  const waiters: { match: (update: Update) => boolean; resolve: (update: Update) => void }[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    const update = notification.params as Update;
    updates.push(update);
    for (const waiter of [...waiters]) {
      if (waiter.match(update)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(update);
      }
    }
  });
  return {
    updates,
    next(match: (update: Update) => boolean, timeoutMs = 5000) {
      const seen = updates.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise<Update>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no notifications/resources/updated')), timeoutMs);
        waiters.push({
          match,
          resolve: (update) => {
            clearTimeout(timer);
            resolve(update);
          },
        });
      });
    },
  };
}

const runOf = (update: Update) => update._meta?.[RUN_UPDATE_META_KEY] as Record<string, unknown> | undefined;
const listRunsCalls = (trackerId: string) =>
  emulator.requests.count({ operation_id: 'listRuns', tracker_id: trackerId });
let witness: PollWitness | undefined;
/** Waits until `n` polling intervals have passed, counted by a watch of its own (poll-witness.ts). */
async function intervals(n: number) {
  witness ??= await startPollWitness(emulator, POLL_MS);
  await witness.intervals(n);
}

async function finished(trackerId: string, runId: string) {
  return waitUntil(
    async () => {
      const run = await api.runs.get(trackerId, runId);
      return run.status === 'completed' || run.status === 'failed' ? run : undefined;
    },
    { interval: 50, what: `run ${runId} finished` },
  );
}

describe('resources/subscribe (2025 era)', () => {
  it('announces the capability only when subscriptions are on', async () => {
    const on = await connectInMemory(emulator, { subscriptions: true, subscriptionPollMs: POLL_MS });
    const off = await connectInMemory(emulator);
    try {
      expect(on.client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });
      expect(off.client.getServerCapabilities()?.resources?.subscribe).toBeFalsy();
    } finally {
      await on.close();
      await off.close();
    }
  });

  it("a tracker's URI is updated when its run completes, with the run and its alert; unsubscribing stops them and the polling", async () => {
    const trackerId = await createTracker(true);
    const uri = `tracker://${trackerId}`;
    const { client, close } = await connectInMemory(emulator, {
      subscriptions: true,
      subscriptionPollMs: POLL_MS,
    });
    const received = collect(client);
    try {
      expect(listRunsCalls(trackerId)).toBe(0);
      await client.subscribeResource({ uri });
      // The baseline poll happened before the answer.
      expect(listRunsCalls(trackerId)).toBe(1);

      const run = await api.runs.trigger(trackerId, { context: { emulator: { score: 1, delay_ms: 300 } } });
      const update = await received.next((u) => u.uri === uri && runOf(u)?.run_id === run.run_id);
      expect(runOf(update)).toMatchObject({ status: 'completed', score: 1, signal: 'Poor', alerted: true });
      const done = await finished(trackerId, run.run_id);
      expect(done.notification_delivery.email).not.toBeNull();

      // A failed run is a finished run too; it did not alert.
      const failing = await api.runs.trigger(trackerId, {
        context: { emulator: { fail: 'Source unreachable' } },
      });
      const failed = await received.next((u) => runOf(u)?.run_id === failing.run_id);
      expect(runOf(failed)).toMatchObject({ status: 'failed', alerted: false });
      // One notification per finished run, none for runs finished before subscribing.
      expect(received.updates.map((u) => runOf(u)?.run_id)).toEqual([run.run_id, failing.run_id]);

      await client.unsubscribeResource({ uri });
      const pollsAtUnsubscribe = listRunsCalls(trackerId);
      const after = await api.runs.trigger(trackerId, { context: { emulator: { score: 9 } } });
      await finished(trackerId, after.run_id);
      await intervals(5);
      expect(received.updates.map((u) => runOf(u)?.run_id)).not.toContain(after.run_id);
      expect(listRunsCalls(trackerId)).toBe(pollsAtUnsubscribe);
    } finally {
      await close();
    }
  });

  it("a run's URI is updated once, when that run finishes", async () => {
    const trackerId = await createTracker();
    const { client, close } = await connectInMemory(emulator, {
      subscriptions: true,
      subscriptionPollMs: POLL_MS,
    });
    const received = collect(client);
    try {
      const watched = await api.runs.trigger(trackerId, {
        context: { emulator: { score: 6, delay_ms: 400 } },
      });
      const other = await api.runs.trigger(trackerId, { context: { emulator: { score: 2 } } });
      const uri = `tracker://${trackerId}/runs/${watched.run_id}`;
      await client.subscribeResource({ uri });
      const update = await received.next((u) => u.uri === uri);
      expect(runOf(update)).toMatchObject({ run_id: watched.run_id, status: 'completed', score: 6 });
      await finished(trackerId, other.run_id);
      await intervals(3);
      expect(received.updates).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('closing the session stops the polling', async () => {
    const trackerId = await createTracker();
    const { client, close } = await connectInMemory(emulator, {
      subscriptions: true,
      subscriptionPollMs: POLL_MS,
    });
    await client.subscribeResource({ uri: `tracker://${trackerId}` });
    await waitUntil(() => listRunsCalls(trackerId) > 1, { what: 'the tracker polled' });
    await close();
    const atClose = listRunsCalls(trackerId);
    await intervals(5);
    expect(listRunsCalls(trackerId)).toBe(atClose);
  });

  it('a tracker or run that does not exist is a resource miss; another URI is invalid params', async () => {
    const { client, close } = await connectInMemory(emulator, {
      subscriptions: true,
      subscriptionPollMs: POLL_MS,
    });
    try {
      const missing = 'tracker://trk_00000000-0000-4000-8000-000000000000';
      await expect(client.subscribeResource({ uri: missing })).rejects.toMatchObject({
        code: -32602,
        data: { uri: missing },
      });
      const trackerId = await createTracker();
      const missingRun = `tracker://${trackerId}/runs/run_00000000-0000-4000-8000-000000000000`;
      await expect(client.subscribeResource({ uri: missingRun })).rejects.toMatchObject({
        code: -32602,
        data: { uri: missingRun },
      });
      await expect(client.subscribeResource({ uri: 'ui://signal-chart' })).rejects.toMatchObject({
        code: -32602,
      });
    } finally {
      await close();
    }
  });
});

describe('resources/subscribe over stdio (the trackerkit-mcp command, 2025 era)', () => {
  it('announces the capability and notifies when a run finishes, polling at the configured interval', async () => {
    const trackerId = await createTracker();
    const uri = `tracker://${trackerId}`;
    const client = new Client({ name: 'stdio-subscriber', version: '0' });
    await client.connect(
      new StdioClientTransport(
        commandParams(emulator, { TRACKERKIT_MCP_SUBSCRIPTION_POLL_MS: String(POLL_MS) }),
      ),
    );
    const received = collect(client);
    try {
      expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });
      await client.subscribeResource({ uri });
      const run = await api.runs.trigger(trackerId, { context: { emulator: { score: 8, delay_ms: 200 } } });
      const update = await received.next((u) => u.uri === uri);
      expect(runOf(update)).toMatchObject({
        run_id: run.run_id,
        status: 'completed',
        score: 8,
        alerted: false,
      });
    } finally {
      await client.close();
    }
  });
});
