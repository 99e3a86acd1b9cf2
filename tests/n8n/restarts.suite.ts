// The triggers' promises through n8n's own lifecycle, counted in n8n's database: an alert accepted
// before a restart is a duplicate after it (the Alert Trigger's static data, saved by the execution
// each delivery starts), and the "all trackers" polling trigger emits each run of a tracker created
// while n8n runs exactly once, the runs it ended while n8n was down included. Registered after
// triggersSuite in n8n.e2e.test.ts; starts with n8n stopped and leaves it stopped.
import { expect, it } from 'vitest';
import { waitUntil } from '../helpers/wait-until.ts';
import { alertBody, alertUrl, sendAlert } from './alert-copies.ts';
import type { E2eEnv } from './e2e-env.ts';
import { executions, savedDeliveries } from './n8n-database.ts';

const ALERTS = 'wfWebhook001';
const EVERY_TRACKER = 'wfPollAll001';
/** Enough for an n8n start on a loaded machine, and for a poll every minute to come round. */
const SLOW = { timeout: 150_000, interval: 250 };

export function restartsSuite(env: E2eEnv) {
  it('an alert accepted before a restart is a duplicate after it: 0 repeated executions', async () => {
    const { n8n, collector, secret } = env;
    await n8n.cli(['publish:workflow', `--id=${ALERTS}`]);
    await n8n.start();
    const trackerId = 'trk_restart-check';
    const body = alertBody(trackerId);
    const send = (id: string, payload = body) =>
      waitUntil(() => sendAlert(alertUrl(n8n.port), secret, id, payload), {
        ...SLOW,
        what: 'the production webhook',
      });
    const ids = ['msg_restart1', 'msg_restart2', 'msg_restart3', 'msg_restart4'];
    const answers = [];
    for (const id of ids) answers.push(await send(id));
    expect(answers).toEqual(ids.map(() => ({ status: 200, body: { received: true, started: true } })));
    const forwarded = () =>
      collector.received.filter(
        (r) =>
          r.path === '/alert' &&
          (r.body as { data?: { tracker_id?: string } }).data?.tracker_id === trackerId,
      );
    await waitUntil(() => forwarded().length === ids.length, { ...SLOW, what: 'four forwarded alerts' });
    // Every id is in what n8n saved, not only the first.
    await waitUntil(
      async () => {
        const deliveries = await savedDeliveries(n8n, ALERTS, 'Tracker Trigger');
        return ids.every((id) => deliveries.includes(id));
      },
      { ...SLOW, what: 'all four webhook-ids in the saved static data' },
    );
    await waitUntil(async () => (await executions(n8n, ALERTS)).unfinished === 0, SLOW);
    const before = (await executions(n8n, ALERTS)).all;

    await n8n.stop();
    await n8n.start();
    const again = [];
    for (const id of ids) again.push(await send(id));
    expect(again).toEqual(
      ids.map(() => ({ status: 200, body: { received: true, started: false, duplicate: true } })),
    );
    // A duplicate is answered without starting anything, so the count is final once it is answered.
    expect((await executions(n8n, ALERTS)).all).toBe(before);
    expect(forwarded()).toHaveLength(ids.length);

    // A correctly signed body that is JSON but no event object: the node's own 400, nothing started.
    expect(await send('msg_restart-null', 'null')).toEqual({
      status: 400,
      body: { error: 'body is not a JSON object', reason: 'not_an_object' },
    });
    // Not JSON at all under application/json: n8n parses such bodies itself before the node runs
    // (webhook-helpers parseRequestBody) and answers 422, without a stack trace in production mode.
    const notJson = await send('msg_restart-text', 'not json');
    expect(notJson.status).toBe(422);
    expect(JSON.stringify(notJson.body)).not.toMatch(/\bat \S+ \(/);
    expect((await executions(n8n, ALERTS)).all).toBe(before);
  }, 600_000);

  it('"all trackers": each run of a tracker created while n8n runs, once, its downtime runs included', async () => {
    const { n8n, proxy, collector, emulator, api, runOnce } = env;
    // n8n is running (the test above), the "Every Tracker" workflow published since the first start.
    const created = await api<{ tracker_id: string }>('POST', `/api/spaces/${emulator.spaceId}/trackers`, {
      name: 'Created while n8n runs',
      description: 'Seen by polls that emit nothing, then run while n8n is down',
      run_mode: 'manual',
      agent_config: { instruction: 'Assess.', score_meaning: '10 is good.', skills: [] },
    });
    const trackerId = created.tracker_id;
    const polls = () =>
      proxy.seen.filter((r) => r.method === 'GET' && r.path.includes(`/trackers/${trackerId}/runs`)).length;
    const emitted = () =>
      collector.received
        .filter((r) => r.path === '/signal-all')
        .map((r) => r.body as { run_id: string; tracker_id: string })
        .filter((run) => run.tracker_id === trackerId)
        .map((run) => run.run_id);
    // A poll meets the new tracker, which has no run yet: it emits nothing, so n8n saves nothing.
    await waitUntil(() => polls() > 0, { ...SLOW, what: 'a poll that lists the new tracker' });
    await n8n.stop();

    const downtime: string[] = [];
    for (const score of [2, 6, 9]) downtime.push((await runOnce(trackerId, score)).run_id);
    await n8n.start();
    await waitUntil(() => emitted().length >= downtime.length, { ...SLOW, what: 'the downtime runs' });
    const live = (await runOnce(trackerId, 4)).run_id;
    await waitUntil(() => emitted().includes(live), { ...SLOW, what: 'the run while n8n runs' });

    // Once more across a restart: its activation poll must find nothing new. The run made after the
    // restart is emitted by that poll or a later one, so once it is in and every execution has
    // ended, anything re-emitted would be in too.
    await n8n.stop();
    await n8n.start();
    const after = (await runOnce(trackerId, 7)).run_id;
    await waitUntil(() => emitted().includes(after), { ...SLOW, what: 'the run after the restart' });
    await waitUntil(async () => (await executions(n8n, EVERY_TRACKER)).unfinished === 0, SLOW);
    await n8n.stop();

    expect([...emitted()].sort()).toEqual([...downtime, live, after].sort());
    expect(emulator.contractViolations()).toEqual([]);
  }, 900_000);
}
