// Every action and trigger of the piece run through the context harness against the emulator over
// loopback; alerts are the emulator's real signed deliveries, captured by a loopback server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Run, Tracker } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import {
  type ConnectionValue,
  createTracker,
  customApiCall,
  deleteTracker,
  findRun,
  findTracker,
  getTracker,
  newAlert,
  newSignal,
  runFailed,
  runTracker,
  SEEN_KEY,
  spaceOptions,
  trackerAuth,
  trackerOptions,
  updateTracker,
  uploadRows,
} from '../../src/index.ts';
import { connection, runAction, triggerHarness } from '../helpers/harness.ts';

interface Captured {
  headers: Record<string, string>;
  rawBody: string;
}

let emu: RunningEmulator;
let auth: ConnectionValue;
let inbox: Server;
const captured: Captured[] = [];

beforeAll(async () => {
  emu = await startEmulator({ port: 0, validateResponses: true, log: () => {} });
  // The account webhook points at a loopback server that keeps each delivery exactly as received.
  inbox = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      captured.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        rawBody: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));
  const { secret } = emu.setWebhook(`http://127.0.0.1:${(inbox.address() as AddressInfo).port}/alerts`);
  auth = connection(emu.baseUrl, emu.token, secret);
});

afterAll(async () => {
  await emu?.close();
  await new Promise((resolve) => inbox?.close(resolve));
});

const validate = (props: ConnectionValue['props']) =>
  trackerAuth.validate?.({
    auth: props,
    server: { apiUrl: 'http://127.0.0.1:9/', publicUrl: 'http://127.0.0.1:9/' },
  });

describe('connection', () => {
  it('is valid with the emulator token, invalid with another, refused before any request for a bad base URL', async () => {
    expect(await validate(auth.props)).toEqual({ valid: true });
    expect(await validate({ ...auth.props, token: 'qapi_wrong' })).toMatchObject({ valid: false });
    const before = emu.requests.count();
    expect(await validate({ ...auth.props, baseUrl: emu.origin })).toMatchObject({
      valid: false,
      error: expect.stringContaining('/v1'),
    });
    expect(await validate({ ...auth.props, webhookSecret: 'not-a-secret' })).toMatchObject({
      valid: false,
      error: expect.stringContaining('whsec_'),
    });
    expect(emu.requests.count()).toBe(before);
  });
});

describe('actions and polling triggers', () => {
  let tracker: Tracker;
  const props = () => ({ space: emu.spaceId, tracker: tracker.tracker_id });

  it('create, find, get, update a tracker; the dropdowns list the space and the tracker', async () => {
    tracker = (await runAction(createTracker, auth, {
      space: emu.spaceId,
      name: 'ACME supplier risk AP',
      description: 'Watches ACME for supply-chain risk.',
      instruction: 'Weigh delivery delays.',
      score_meaning: '10 = no risk',
      skills: ['web_research'],
      run_mode: 'manual',
      other: { notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 3 } },
    })) as Tracker;
    expect(tracker.tracker_id).toMatch(/^trk_/);
    expect((await spaceOptions(auth)).options).toContainEqual(
      expect.objectContaining({ value: emu.spaceId }),
    );
    expect((await trackerOptions(auth, emu.spaceId)).options).toContainEqual({
      label: 'ACME supplier risk AP',
      value: tracker.tracker_id,
    });
    // The dropdown property itself, as the editor calls it with the chosen space.
    const dropdown = getTracker.props.tracker as unknown as {
      options: (values: Record<string, unknown>, ctx: unknown) => Promise<{ options: unknown[] }>;
    };
    expect((await dropdown.options({ auth, space: emu.spaceId }, {})).options.length).toBeGreaterThan(0);

    const found = (await runAction(findTracker, auth, { space: emu.spaceId, name: 'supplier RISK ap' })) as {
      trackers: Tracker[];
    };
    expect(found.trackers.map((t) => t.tracker_id)).toEqual([tracker.tracker_id]);
    expect(await runAction(getTracker, auth, props())).toMatchObject({ name: 'ACME supplier risk AP' });
    const updated = (await runAction(updateTracker, auth, {
      ...props(),
      instruction: 'Weigh filings.',
    })) as Tracker;
    expect(updated.agent_config).toMatchObject({
      instruction: 'Weigh filings.',
      score_meaning: '10 = no risk',
    });
  });

  it('refuses a body the document refuses, before sending it', async () => {
    const before = emu.requests.count();
    await expect(
      runAction(updateTracker, auth, { ...props(), other: { vault_ttl_days: 100_000 } }),
    ).rejects.toThrow(/vault_ttl_days/);
    expect(emu.requests.count()).toBe(before);
  });

  it('uploads vault rows', async () => {
    const rows = [
      { supplier: 'a', late_days: 3 },
      { supplier: 'b', late_days: 9 },
      { supplier: 'c', late_days: 0 },
    ];
    const result = await runAction(uploadRows, auth, { ...props(), sourceName: 'deliveries', rows });
    expect(result).toMatchObject({ rows_processed: 3, batches: 1 });
  });

  it('New Signal and Run Failed: no history on enabling, then each new run once', async () => {
    const done = (await runAction(runTracker, auth, {
      ...props(),
      context: { emulator: { score: 8 } },
    })) as Run;
    expect(done.status).toBe('completed');
    const signal = triggerHarness(newSignal, auth, props());
    const failed = triggerHarness(runFailed, auth, props());
    await signal.enable();
    await failed.enable();
    expect(await signal.run()).toEqual([]);
    expect(await failed.run()).toEqual([]);
    // The test button shows recent runs whatever the store says.
    expect(((await signal.test()) as Run[]).map((r) => r.run_id)).toContain(done.run_id);

    // The triggers keep the instant of their last poll to the millisecond: the next runs finish in
    // a later one.
    const polled = Date.now();
    await waitUntil(() => Date.now() > polled, { interval: 1, what: 'the clock past the last poll' });
    const good = (await runAction(runTracker, auth, {
      ...props(),
      context: { emulator: { score: 9 } },
    })) as Run;
    const bad = (await runAction(runTracker, auth, {
      ...props(),
      context: { emulator: { fail: 'boom' } },
    })) as Run;
    expect(bad.status).toBe('failed');
    expect(((await signal.run()) as Run[]).map((r) => r.run_id)).toEqual([good.run_id]);
    expect(((await failed.run()) as Run[]).map((r) => r.run_id)).toEqual([bad.run_id]);
    expect(await signal.run()).toEqual([]);
    expect(await failed.run()).toEqual([]);
    await signal.disable();
  });

  it('Run Tracker without waiting, then Find Run by id and by filters', async () => {
    const accepted = (await runAction(runTracker, auth, { ...props(), wait: false })) as { run_id: string };
    expect(accepted.run_id).toMatch(/^run_/);
    await emu.idle();
    expect(await runAction(findRun, auth, { ...props(), runId: accepted.run_id })).toMatchObject({
      found: true,
      run: { run_id: accepted.run_id },
    });
    expect(await runAction(findRun, auth, { ...props(), status: 'failed' })).toMatchObject({
      found: true,
      run: { status: 'failed' },
    });
    expect(await runAction(findRun, auth, { ...props(), signal: 'Poor' })).toEqual({
      found: false,
      run: null,
    });
  });

  it('New Alert: a real delivery starts the flow once; a replay is dropped; a tampered one refused', async () => {
    const alerts = triggerHarness(newAlert, auth, { space: emu.spaceId, tracker: tracker.tracker_id });
    await alerts.enable();
    captured.length = 0;
    await runAction(runTracker, auth, { ...props(), context: { emulator: { score: 2 } } });
    await emu.idle();
    const [delivery] = captured;
    if (!delivery) throw new Error('the emulator sent no alert');
    const payload = {
      body: JSON.parse(delivery.rawBody),
      rawBody: delivery.rawBody,
      headers: delivery.headers,
    };

    const started = (await alerts.run(payload)) as Array<Record<string, unknown>>;
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({
      type: 'tracker.alert',
      webhook_id: delivery.headers['webhook-id'],
      data: { tracker_id: tracker.tracker_id, score: 2 },
    });
    expect(await alerts.run(payload)).toEqual([]);

    const seen = () => Object.keys((alerts.store.entries.get(`FLOW/${SEEN_KEY}`) ?? {}) as object);
    expect(seen()).toEqual([delivery.headers['webhook-id']]);
    const tampered = { ...payload, rawBody: delivery.rawBody.replace('"score":2', '"score":9') };
    const newId = { ...payload, headers: { ...payload.headers, 'webhook-id': 'msg_forged' } };
    expect(await alerts.run(tampered)).toEqual([]);
    expect(await alerts.run(newId)).toEqual([]);
    expect(seen()).toEqual([delivery.headers['webhook-id']]);

    // An alert of another tracker passes verification and the store, but not the filter.
    const other = triggerHarness(newAlert, auth, { space: emu.spaceId, tracker: 'trk_other' });
    expect(await other.run(payload)).toEqual([]);
  });

  it('a connection without a signing secret fails the alert trigger loudly', async () => {
    const bare = triggerHarness(newAlert, connection(emu.baseUrl, emu.token), {});
    await expect(bare.run({ body: {}, headers: {} })).rejects.toThrow(/Webhook signing secret/);
  });

  it('Custom API Call sends the token under the Base URL only', async () => {
    const answer = (await runAction(customApiCall, auth, {
      url: { url: `/api/trackers/${tracker.tracker_id}` },
      method: 'GET',
      headers: {},
      queryParams: {},
    })) as { status: number; body: Tracker };
    expect(answer.status).toBe(200);
    expect(answer.body.tracker_id).toBe(tracker.tracker_id);
    const before = emu.requests.count();
    await expect(
      runAction(customApiCall, auth, {
        url: { url: 'http://127.0.0.1:9/steal' },
        method: 'GET',
        headers: {},
        queryParams: {},
      }),
    ).rejects.toThrow(/outside the connection's Base URL/);
    expect(emu.requests.count()).toBe(before);
  });

  it('Delete Tracker', async () => {
    expect(await runAction(deleteTracker, auth, props())).toBeTruthy();
    await expect(runAction(getTracker, auth, props())).rejects.toThrow(/404|not found/i);
  });
});
