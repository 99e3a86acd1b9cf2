// The trigger workflows of n8n.e2e.test.ts, published and run by `n8n start`: the signed alert webhook,
// the polling trigger across restarts, a tracker created while n8n is down, failed runs. Registered
// inside its describe after actionsSuite (the alert goes to the tracker the actions created); the tests
// run in order, each starting n8n where the one before left it (running or stopped).
import { signStandardWebhooks } from '@trackerkit/core/signing';
import { expect, it } from 'vitest';
import { waitUntil } from '../helpers/wait-until.ts';
import { type E2eEnv, FAILURE, first } from './e2e-env.ts';
import { waitFor } from './harness.ts';
import { executions } from './n8n-database.ts';
import { WEBHOOK_ID } from './workflows.ts';

export function triggersSuite(env: E2eEnv) {
  it('receives a real signed alert in an active workflow and refuses tampered ones', async () => {
    const { n8n, collector, emulator, api, secret } = env;
    const trackerId = String(first(env.actions, 'Create Tracker').tracker_id);
    await n8n.cli(['publish:workflow', '--id=wfWebhook001']);
    await n8n.cli(['publish:workflow', '--id=wfPolling001']);
    await n8n.cli(['publish:workflow', '--id=wfPollAll001']);
    await n8n.cli(['publish:workflow', '--id=wfPollFail01']);
    const url = `http://127.0.0.1:${n8n.port}/webhook/${WEBHOOK_ID}/tracker-alert`;
    expect(emulator.setWebhook(url).secret).toBe(secret);
    await n8n.start();

    const body = JSON.stringify({
      type: 'tracker.alert',
      timestamp: new Date().toISOString(),
      data: { tracker_id: trackerId },
    });
    const now = Math.floor(Date.now() / 1000);
    const signature = signStandardWebhooks(secret, 'msg_tampered', now, body);
    const post = (headers: Record<string, string>, payload: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: payload,
      });
    // Until n8n has registered the webhook it answers 404, and on a loaded machine it may still reset
    // a connection while it activates the workflows: both mean "not yet".
    const tampered = await waitFor('the production webhook', async () => {
      const response = await post(
        { 'webhook-id': 'msg_tampered', 'webhook-timestamp': String(now), 'webhook-signature': signature },
        body.replace(trackerId, 'trk_someone-else'),
      ).catch(() => undefined);
      if (response === undefined || response.status === 404) return undefined;
      return { status: response.status, body: await response.text() };
    });
    // The answer's body and n8n's log say who answered, should anything but the node's refusal come back.
    expect(tampered, `n8n log:\n${n8n.log.slice(-4000)}`).toEqual({
      status: 401,
      body: expect.stringContaining('invalid signature'),
    });
    expect((await post({}, body)).status).toBe(401);
    const stale = now - 3600;
    const old = await post(
      {
        'webhook-id': 'msg_old',
        'webhook-timestamp': String(stale),
        'webhook-signature': signStandardWebhooks(secret, 'msg_old', stale, body),
      },
      body,
    );
    expect(old.status).toBe(401);

    // A valid alert is acknowledged with the node's JSON body (n8n's default would be "firstEntryJson").
    const ackBody = JSON.stringify({
      type: 'tracker.alert',
      timestamp: new Date().toISOString(),
      data: { tracker_id: 'trk_ack-check' },
    });
    const ackHeaders = {
      'webhook-id': 'msg_ack',
      'webhook-timestamp': String(now),
      'webhook-signature': signStandardWebhooks(secret, 'msg_ack', now, ackBody),
    };
    const ack = await post(ackHeaders, ackBody);
    expect(ack.status).toBe(200);
    expect(await ack.json()).toEqual({ received: true, started: true });
    // The same delivery again (the service re-sends one whose answer it lost): acknowledged, not started.
    const again = await post(ackHeaders, ackBody);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, started: false, duplicate: true });

    const { run_id: runId } = await api<{ run_id: string }>('POST', `/api/trackers/${trackerId}/runs`, {
      context: { emulator: { score: 1 } },
    });
    const alerts = () =>
      collector.received.filter(
        (r) =>
          r.path === '/alert' &&
          (r.body as { data?: { tracker_id?: string } }).data?.tracker_id === trackerId,
      );
    const alert = await waitFor('the alert in n8n', () => alerts()[0]);
    expect(alert.body).toMatchObject({
      type: 'tracker.alert',
      data: { tracker_id: trackerId, run_id: runId, score: 1, bound: 'lower', threshold: 3 },
      webhook_id: expect.stringMatching(/.+/),
    });
    const delivered = await waitFor('the delivery record', async () => {
      const run = await api<{ notification_delivery: { webhook: { status: string } | null } }>(
        'GET',
        `/api/trackers/${trackerId}/runs/${runId}`,
      );
      return run.notification_delivery.webhook ?? undefined;
    });
    expect(delivered.status).toBe('success');
    expect(alerts()).toHaveLength(1);
    // msg_ack started one execution, its duplicate none (both finished long before the run's alert).
    const acks = collector.received.filter(
      (r) =>
        r.path === '/alert' &&
        (r.body as { data?: { tracker_id?: string } }).data?.tracker_id === 'trk_ack-check',
    );
    expect(acks).toHaveLength(1);
  }, 300_000);

  it('emits each newly completed run once, across restarts, never the history', async () => {
    const { n8n, collector, emulator, runOnce, watchedTrackerId, firstRunId } = env;
    const signals = () =>
      collector.received
        .filter((r) => r.path === '/signal')
        .map((r) => (r.body as { run_id: string }).run_id);
    // n8n is running since the previous test: activation started the cursor after the first run.
    const second = (await runOnce(watchedTrackerId, 7)).run_id;
    const third = (await runOnce(watchedTrackerId, 2)).run_id;
    await n8n.stop();
    const fourth = (await runOnce(watchedTrackerId, 9)).run_id;

    await n8n.start();
    await waitFor('three new runs', () => (signals().length >= 3 ? true : undefined));
    await n8n.stop();
    await n8n.start();
    // The activation poll of this start must find nothing new; give its execution time to show up.
    await new Promise((done) => setTimeout(done, 5000));
    await n8n.stop();

    expect([...signals()].sort()).toEqual([second, third, fourth].sort());
    expect(signals()).not.toContain(firstRunId);
    expect(emulator.contractViolations()).toEqual([]);
  }, 600_000);

  it('emits the runs a tracker created while n8n was down ended meanwhile, each once', async () => {
    const { n8n, collector, emulator, api, runOnce } = env;
    // n8n is stopped. "Every Tracker" has watched the space since its first start, so a tracker
    // created meanwhile is no history: every run it ended after the trigger's watermark is new.
    const added = await api<{ tracker_id: string }>('POST', `/api/spaces/${emulator.spaceId}/trackers`, {
      name: 'Added while n8n is down',
      description: 'Has five runs before the trigger first sees it',
      run_mode: 'manual',
      agent_config: { instruction: 'Assess.', score_meaning: '10 is good.', skills: [] },
    });
    const downtime: string[] = [];
    for (const score of [1, 2, 3, 4, 5]) downtime.push((await runOnce(added.tracker_id, score)).run_id);
    const runsOf = (trackerId: string) =>
      collector.received
        .filter((r) => r.path === '/signal-all')
        .map((r) => r.body as { run_id: string; tracker_id: string })
        .filter((run) => run.tracker_id === trackerId)
        .map((run) => run.run_id);

    await n8n.start();
    await waitUntil(() => runsOf(added.tracker_id).length >= downtime.length, {
      timeout: 150_000,
      interval: 250,
      what: 'the five downtime runs',
    });
    await n8n.stop();
    const fresh = (await runOnce(added.tracker_id, 8)).run_id;
    await n8n.start();
    await waitUntil(() => runsOf(added.tracker_id).includes(fresh), {
      timeout: 150_000,
      interval: 250,
      what: 'the new run',
    });
    await waitUntil(async () => (await executions(n8n, 'wfPollAll001')).unfinished === 0, {
      timeout: 60_000,
      interval: 250,
    });
    await n8n.stop();

    expect([...runsOf(added.tracker_id)].sort()).toEqual([...downtime, fresh].sort());
  }, 600_000);

  it('emits a newly failed run to Events › Failed Runs, and none of the failures before activation', async () => {
    const { n8n, collector, emulator, api, runOnce, failingTrackerId } = env;
    // n8n is stopped. The tracker's earlier runs failed in the tests above, before the trigger was
    // activated (the alert test's start): they are history.
    const failures = () =>
      collector.received
        .filter((r) => r.path === '/failed-run')
        .map((r) => r.body as { run_id: string; status: string; error_message: string | null });
    const failed = await api<{ run_id: string; status: string }>(
      'POST',
      `/api/trackers/${failingTrackerId}/runs`,
      { sync: true, context: { emulator: { fail: FAILURE } } },
    );
    expect(failed.status).toBe('failed');
    await runOnce(failingTrackerId, 6); // a completed run: not an event this trigger watches
    await n8n.start();
    await waitFor('the failed run in n8n', () => (failures().length > 0 ? true : undefined));
    await new Promise((done) => setTimeout(done, 3000));
    await n8n.stop();

    expect(failures()).toEqual([
      expect.objectContaining({ run_id: failed.run_id, status: 'failed', error_message: FAILURE }),
    ]);
    expect(emulator.contractViolations()).toEqual([]);
  }, 600_000);
}
