// subscriptions/listen (2026-07-28) with the SDK v2 client over HTTP against the emulator (manual
// clock): a listen stream on a tracker's URI gets notifications/resources/updated, stamped with its
// subscription id, when one of the tracker's runs finishes (an alert said in _meta); closing the
// stream stops the polling; streams on one tracker share its loop; a tracker or run that does not
// exist is the resource miss. The 2025-era stateless HTTP path does not offer resources/subscribe.
import {
  Client,
  StreamableHTTPClientTransport,
  SUBSCRIPTION_ID_META_KEY,
} from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createTrackerClient, type TrackerClient } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { type RunningHttpServer, startHttpServer } from '../../src/index.ts';
import { RUN_UPDATE_META_KEY } from '../../src/subscriptions/resource-subscriptions.ts';
import { expectOneLoop, type PollWitness, startPollWitness } from '../helpers/poll-witness.ts';

const POLL_MS = 100;
const MISSING_TRACKER = 'trk_00000000-0000-4000-8000-000000000000';
const MISSING_RUN = 'run_00000000-0000-4000-8000-000000000000';

let emulator: RunningEmulator;
let api: TrackerClient;
let http: RunningHttpServer;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock: 'manual', log: () => {} });
  api = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  http = await startHttpServer({ client: api, port: 0, subscriptionPollMs: POLL_MS });
});
afterAll(async () => {
  witness?.close();
  await http?.close({ graceMs: 0 });
  await emulator?.close();
});

const headers = () => ({ authorization: `Bearer ${http.authToken}` });
let witness: PollWitness | undefined;
/** Waits until `n` polling intervals have passed, counted by a watch of its own (poll-witness.ts). */
async function intervals(n: number) {
  witness ??= await startPollWitness(emulator, POLL_MS);
  await witness.intervals(n);
}
const listRunsCalls = (trackerId: string) =>
  emulator.requests.count({ operation_id: 'listRuns', tracker_id: trackerId });

async function createTracker(): Promise<string> {
  const tracker = await api.trackers.create(emulator.spaceId, {
    name: 'Listen probe',
    description: 'A tracker whose runs are listened to.',
    run_mode: 'manual',
    agent_config: { instruction: 'Weigh the vault data.', score_meaning: '10 = good', skills: [] },
    notification_config: { email_enabled: true, notify_below: true, lower_threshold: 3 },
  });
  return tracker.tracker_id;
}

type Update = { uri: string; _meta?: Record<string, unknown> };

describe('subscriptions/listen (2026-07-28, HTTP)', () => {
  it("a listen stream on a tracker's URI is told when its runs finish; closing it stops the polling", async () => {
    const trackerId = await createTracker();
    const uri = `tracker://${trackerId}`;
    const client = new Client(
      { name: 'listen-test', version: '0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: headers() } }),
    );
    const updates: Update[] = [];
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      updates.push(notification.params as Update);
    });
    try {
      expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });
      const subscription = await client.listen({ resourceSubscriptions: [uri] });
      expect(subscription.honoredFilter.resourceSubscriptions).toEqual([uri]);
      expect(listRunsCalls(trackerId)).toBe(1);

      const run = await api.runs.trigger(trackerId, { context: { emulator: { score: 2, delay_ms: 200 } } });
      await waitUntil(() => updates.length > 0, { what: 'an update' });
      expect(updates).toHaveLength(1);
      expect(updates[0]?.uri).toBe(uri);
      expect(updates[0]?._meta?.[RUN_UPDATE_META_KEY]).toMatchObject({
        run_id: run.run_id,
        status: 'completed',
        score: 2,
        alerted: true,
      });
      expect(updates[0]?._meta).toHaveProperty([SUBSCRIPTION_ID_META_KEY]);

      await subscription.close();
      await intervals(2);
      const atClose = listRunsCalls(trackerId);
      await intervals(5);
      expect(listRunsCalls(trackerId)).toBe(atClose);
    } finally {
      await client.close();
    }
  });

  it('two streams on one tracker share its loop, and each is told of each run once', async () => {
    const trackerId = await createTracker();
    const uri = `tracker://${trackerId}`;
    const connect = async () => {
      const client = new Client(
        { name: 'listen-twice', version: '0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      const updates: Update[] = [];
      client.setNotificationHandler('notifications/resources/updated', (notification) => {
        updates.push(notification.params as Update);
      });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: headers() } }),
      );
      return { client, updates, subscription: await client.listen({ resourceSubscriptions: [uri] }) };
    };
    const first = await connect();
    const second = await connect();
    try {
      // One loop for the tracker: at most one poll per interval, however many streams follow it.
      await expectOneLoop(() => listRunsCalls(trackerId), POLL_MS);
      const runs = [
        await api.runs.trigger(trackerId, { context: { emulator: { score: 4 } } }),
        await api.runs.trigger(trackerId, { context: { emulator: { score: 6, delay_ms: 200 } } }),
      ];
      const both = () => [first, second].every((one) => one.updates.length >= runs.length);
      await waitUntil(both, { what: 'both streams told of both runs' });
      await intervals(3);
      for (const { updates } of [first, second]) {
        expect(
          updates
            .map((u) => u._meta?.[RUN_UPDATE_META_KEY])
            .map((run) => (run as { run_id: string }).run_id)
            .sort(),
        ).toEqual(runs.map((run) => run.run_id).sort());
      }
    } finally {
      for (const one of [first, second]) {
        await one.subscription.close();
        await one.client.close();
      }
    }
  });

  it.each([
    ['a tracker that does not exist', () => `tracker://${MISSING_TRACKER}`],
    ['a run that does not exist', (trackerId: string) => `tracker://${trackerId}/runs/${MISSING_RUN}`],
  ])('%s is the resource miss, and nothing is left polling', async (_, uriOf) => {
    const trackerId = await createTracker();
    const uri = uriOf(trackerId);
    const client = new Client(
      { name: 'listen-miss', version: '0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: headers() } }),
    );
    try {
      await expect(
        client.listen({ resourceSubscriptions: [`tracker://${trackerId}`, uri] }),
      ).rejects.toMatchObject({ code: -32602, data: { uri } });
      await intervals(5);
      expect(listRunsCalls(trackerId)).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('the stateless 2025-era path does not offer resources/subscribe', async () => {
    const client = new LegacyClient({ name: 'legacy-test', version: '0' });
    await client.connect(new LegacyTransport(new URL(http.url), { requestInit: { headers: headers() } }));
    try {
      expect(client.getServerCapabilities()?.resources?.subscribe).toBeFalsy();
    } finally {
      await client.close();
    }
  });
});
