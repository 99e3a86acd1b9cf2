// subscriptions/listen (2026-07-28) on the server hosted for a team (OAuth, each user their own
// Tracker API token): SDK v2 clients signed in through a real authorization server listen as two
// users against the emulator (manual clock), which records whose token each poll carried. A
// user's listen polls with that user's token only, is told of that user's runs only, and a tracker
// their token cannot read is the resource miss.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Client,
  type McpSubscription,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { createTrackerClient, type TrackerClient } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { type RunningHttpServer, startHttpServer } from '../../src/index.ts';
import { openSqliteUserTokens, type UserTokens } from '../../src/oauth/user-tokens.ts';
import { RUN_UPDATE_META_KEY } from '../../src/subscriptions/resource-subscriptions.ts';
import { type PollWitness, startPollWitness } from '../helpers/poll-witness.ts';
import { signInAt, startAuthorizationServer } from './authorization-server.ts';
import { consolePost } from './harness.ts';

const POLL_MS = 100;
const KEY = Buffer.alloc(32, 9);

let emulator: RunningEmulator;
let as: Awaited<ReturnType<typeof startAuthorizationServer>>;
let mcp: RunningHttpServer;
let userTokens: UserTokens;
let dir: string;

/** A user of the emulator: their own account, token, space and API client. */
interface Account {
  accountId: string;
  token: string;
  spaceId: string;
  api: TrackerClient;
}
let alice: Account;
let bob: Account;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock: 'manual', log: () => {} });
  dir = await mkdtemp(join(tmpdir(), 'trackerkit-oauth-listen-'));
  userTokens = openSqliteUserTokens(join(dir, 'users.db'), KEY);
  as = await startAuthorizationServer();
  mcp = await startHttpServer({
    port: 0,
    baseUrl: emulator.baseUrl,
    oauth: { issuer: as.issuer, userTokens, tokenKey: KEY },
    subscriptionPollMs: POLL_MS,
  });
  as.setResource(mcp.url);
  alice = {
    accountId: emulator.accountId,
    token: emulator.token,
    spaceId: emulator.spaceId,
    api: createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token }),
  };
  const created = await consolePost<{ account_id: string; token: string }>(emulator, '/accounts', {
    email: 'bob@example.com',
  });
  const space = await consolePost<{ space_id: string }>(emulator, `/accounts/${created.account_id}/spaces`, {
    name: "Bob's space",
  });
  bob = {
    accountId: created.account_id,
    token: created.token,
    spaceId: space.space_id,
    api: createTrackerClient({ baseUrl: emulator.baseUrl, token: created.token }),
  };
});
afterAll(async () => {
  witness?.close();
  await mcp?.close({ graceMs: 0 });
  await as?.close();
  await userTokens?.close();
  await emulator?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Update = { uri: string; _meta?: Record<string, unknown> };
let witness: PollWitness | undefined;
/** Waits until `n` polling intervals have passed, counted by a watch of its own (poll-witness.ts). */
async function intervals(n: number) {
  witness ??= await startPollWitness(emulator, POLL_MS);
  await witness.intervals(n);
}
const runOf = (update: Update) => update._meta?.[RUN_UPDATE_META_KEY] as { run_id?: string } | undefined;
const polls = (trackerId: string, account?: Account) =>
  emulator.requests.count({
    operation_id: 'listRuns',
    tracker_id: trackerId,
    ...(account ? { account_id: account.accountId } : {}),
  });

async function createTracker(account: Account): Promise<string> {
  const tracker = await account.api.trackers.create(account.spaceId, {
    name: 'Team listen probe',
    description: 'A tracker one user listens to.',
    run_mode: 'manual',
    agent_config: { instruction: 'Weigh the vault data.', score_meaning: '10 = good', skills: [] },
  });
  return tracker.tracker_id;
}

/** Signs `user` in, registers their Tracker token, and connects a 2026-07-28 client as them. */
async function listenerFor(user: string, account: Account) {
  const session = await signInAt(as, mcp.url, user);
  expect((await session.call('register_tracker_token', { api_token: account.token })).isError).toBeFalsy();
  await session.close();
  const client = new Client(
    { name: `listener-${user}`, version: '0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const updates: Update[] = [];
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    updates.push(notification.params as Update);
  });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcp.url), {
      authProvider: session.auth as OAuthClientProvider,
    }),
  );
  return { client, updates };
}

describe('subscriptions/listen under OAuth (each user their own Tracker token)', () => {
  it("each user's listen polls with their own token and is told of their own runs only", async () => {
    const a = await listenerFor('alice', alice);
    const b = await listenerFor('bob', bob);
    const subscriptions: McpSubscription[] = [];
    try {
      expect(a.client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });
      const aliceTracker = await createTracker(alice);
      const bobTracker = await createTracker(bob);
      const aliceUri = `tracker://${aliceTracker}`;
      const bobUri = `tracker://${bobTracker}`;
      subscriptions.push(await a.client.listen({ resourceSubscriptions: [aliceUri] }));
      subscriptions.push(await b.client.listen({ resourceSubscriptions: [bobUri] }));
      expect(subscriptions.map((s) => s.honoredFilter.resourceSubscriptions)).toEqual([[aliceUri], [bobUri]]);

      const aliceRun = await alice.api.runs.trigger(aliceTracker, { context: { emulator: { score: 3 } } });
      const bobRun = await bob.api.runs.trigger(bobTracker, { context: { emulator: { score: 8 } } });
      await waitUntil(() => a.updates.length > 0 && b.updates.length > 0, {
        what: 'an update on each stream',
      });
      await intervals(3);
      expect(a.updates.map((u) => [u.uri, runOf(u)?.run_id])).toEqual([[aliceUri, aliceRun.run_id]]);
      expect(b.updates.map((u) => [u.uri, runOf(u)?.run_id])).toEqual([[bobUri, bobRun.run_id]]);
      // Every poll of a tracker carried its owner's token.
      expect(polls(aliceTracker, alice)).toBeGreaterThan(1);
      expect(polls(aliceTracker)).toBe(polls(aliceTracker, alice));
      expect(polls(bobTracker, bob)).toBeGreaterThan(1);
      expect(polls(bobTracker)).toBe(polls(bobTracker, bob));

      for (const subscription of subscriptions) await subscription.close();
      await intervals(2);
      const atClose = polls(aliceTracker) + polls(bobTracker);
      await intervals(5);
      expect(polls(aliceTracker) + polls(bobTracker)).toBe(atClose);
    } finally {
      for (const subscription of subscriptions) await subscription.close();
      await a.client.close();
      await b.client.close();
    }
  });

  it("a tracker the user's token cannot read is the resource miss, and nothing polls it for them", async () => {
    const b = await listenerFor('bob', bob);
    try {
      const aliceTracker = await createTracker(alice);
      const uri = `tracker://${aliceTracker}`;
      await expect(b.client.listen({ resourceSubscriptions: [uri] })).rejects.toMatchObject({
        code: -32602,
        data: { uri },
      });
      // One read was tried, with bob's token (the service answered 404); none with alice's.
      await intervals(5);
      expect(polls(aliceTracker, bob)).toBe(1);
      expect(polls(aliceTracker)).toBe(1);
    } finally {
      await b.client.close();
    }
  });
});
