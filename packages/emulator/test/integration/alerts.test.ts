import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, type Loose, startHarness } from './harness.ts';
import { type Answer, startReceiver, startSmtp } from './receivers.ts';

let h: Harness;
let secret = '';
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

async function setup(statuses: Answer[] = [], options = {}) {
  smtp = await startSmtp();
  receiver = await startReceiver(() => secret, statuses);
  h = await startHarness({ smtpUrl: smtp.url, webhookBackoffSeconds: [0.05, 0.05], ...options });
  const { body } = await h.console('PUT', `/accounts/${h.emu.accountId}/webhook`, { url: receiver.url });
  secret = body.secret;
  expect(secret).toMatch(/^whsec_/);
}

const run = async (trackerId: string, score: number) =>
  (await h.api('POST', `/api/trackers/${trackerId}/runs`, { sync: true, context: { emulator: { score } } }))
    .body.run_id;
const getRun = async (trackerId: string, runId: string) =>
  (await h.api('GET', `/api/trackers/${trackerId}/runs/${runId}`)).body;

beforeEach(() => {
  secret = '';
});
afterEach(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
  await receiver.close();
  await smtp.close();
});

describe('alerts', () => {
  it('signs v0.3 bound alerts, records delivery and sends resolved events', async () => {
    await setup();
    const t = await h.tracker({
      notification_config: {
        webhook_enabled: true,
        email_enabled: true,
        notify_below: true,
        lower_threshold: 3,
        notify_above: true,
        upper_threshold: 8,
      },
    });
    const low = await run(t.tracker_id, 3);
    expect(receiver.hooks).toHaveLength(1);
    const [hook] = receiver.hooks;
    expect(hook?.verified).toBe(true);
    expect(hook?.id).toMatch(/^msg_/);
    expect(Math.abs(Number(hook?.timestamp) - Date.now() / 1000)).toBeLessThan(30);
    expect(hook?.body).toMatchObject({
      type: 'tracker.alert',
      data: {
        tracker_id: t.tracker_id,
        run_id: low,
        score: 3,
        signal: 'Negative',
        rule: 'bounds',
        bound: 'lower',
        threshold: 3,
      },
    });
    const lowRun = await getRun(t.tracker_id, low);
    expect(lowRun.notification_delivery.webhook).toMatchObject({
      status: 'success',
      attempts: 1,
      error: null,
    });
    expect(lowRun.notification_delivery.email).toMatchObject({
      status: 'success',
      reason: 'Score 3 is at or below the lower threshold 3.',
    });
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.to).toEqual(['developer@emulator.trackerkit.test']);
    // Long headers are folded onto continuation lines.
    const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(smtp.mails[0]?.raw ?? '')?.[1] ?? '';
    const subject = folded.replace(/\r?\n[ \t]/g, ' ');
    expect(subject).toContain('Supplier risk');
    expect(subject).toContain('3 (Negative)');
    expect(subject).toContain('lower threshold 3');

    const inside = await run(t.tracker_id, 5);
    expect((await getRun(t.tracker_id, inside)).notification_delivery).toEqual({
      email: null,
      webhook: null,
    });
    expect(receiver.hooks).toHaveLength(2);
    expect(receiver.hooks[1]?.body).toMatchObject({
      type: 'tracker.alert.resolved',
      data: { run_id: inside, score: 5 },
    });
    expect(receiver.hooks[1]?.verified).toBe(true);

    await run(t.tracker_id, 6);
    expect(receiver.hooks).toHaveLength(2);
    const high = await run(t.tracker_id, 9);
    expect(receiver.hooks[2]?.body.data).toMatchObject({ run_id: high, bound: 'upper', threshold: 8 });
    const base = `/api/trackers/${t.tracker_id}/runs`;
    expect(
      (await h.api('GET', `${base}?notification_status=success`)).body.data.map((r: Loose) => r.run_id),
    ).toEqual([high, low]);
    expect((await h.api('GET', `${base}?notification_status=skipped`)).body.pagination.total_items).toBe(2);
  });

  it('retries with the same webhook-id and records failures', async () => {
    await setup([503, 500, 200]);
    const t = await h.tracker({
      notification_config: { webhook_enabled: true, score_threshold: 4, threshold_direction: 'below' },
    });
    const id = await run(t.tracker_id, 4);
    expect(receiver.hooks).toHaveLength(3);
    expect(new Set(receiver.hooks.map((x) => x.id)).size).toBe(1);
    expect(receiver.hooks.every((x) => x.verified)).toBe(true);
    expect(receiver.hooks[2]?.body.data).toMatchObject({
      rule: 'score_threshold',
      bound: 'lower',
      threshold: 4,
    });
    expect((await getRun(t.tracker_id, id)).notification_delivery.webhook).toMatchObject({
      status: 'success',
      attempts: 3,
    });

    receiver.hooks.length = 0;
    await h.console('PUT', `/accounts/${h.emu.accountId}/webhook`, {
      url: receiver.url.replace('/hooks', '/gone'),
    });
    const statuses = [401];
    const rejecting = await startReceiver(() => secret, statuses);
    await h.console('PUT', `/accounts/${h.emu.accountId}/webhook`, { url: rejecting.url });
    const failed = await run(t.tracker_id, 1);
    expect(rejecting.hooks).toHaveLength(1);
    const delivery = (await getRun(t.tracker_id, failed)).notification_delivery.webhook;
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, delivered_at: null });
    expect(delivery.error).toContain('401');
    await rejecting.close();
    const base = `/api/trackers/${t.tracker_id}/runs`;
    expect((await h.api('GET', `${base}?notification_status=failed`)).body.data[0].run_id).toBe(failed);
  });

  it('honours a 429 Retry-After within the document’s attempts', async () => {
    const limited = { status: 429, headers: { 'retry-after': '1' } };
    await setup([limited, 200]);
    const t = await h.tracker({
      notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 3 },
    });
    const id = await run(t.tracker_id, 2);
    expect(receiver.hooks).toHaveLength(2);
    expect(receiver.hooks[0]?.id).toBe(receiver.hooks[1]?.id);
    // The test backoff is 0.05 s: the second attempt waited for the receiver's 1 s instead.
    expect((receiver.hooks[1]?.at ?? 0) - (receiver.hooks[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect((await getRun(t.tracker_id, id)).notification_delivery.webhook).toMatchObject({
      status: 'success',
      attempts: 2,
      error: null,
    });
  });

  it.each([
    [
      'keeps answering 429',
      { given: { answers: Array(5).fill({ status: 429, headers: { 'retry-after': '0' } }) }, want: 3 },
    ],
    [
      'asks for more than the emulator waits',
      { given: { answers: [{ status: 429, headers: { 'retry-after': '120' } }] }, want: 1 },
    ],
  ])('records a failed delivery when the receiver %s', async (_, { given, want }) => {
    await setup(given.answers, { webhookRetryAfterMaxSeconds: 30 });
    const t = await h.tracker({
      notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 3 },
    });
    const id = await run(t.tracker_id, 2);
    expect(receiver.hooks).toHaveLength(want);
    const delivery = (await getRun(t.tracker_id, id)).notification_delivery.webhook;
    expect(delivery).toMatchObject({ status: 'failed', attempts: want, delivered_at: null });
    expect(delivery.error).toContain('429');
    if (want === 1) expect(delivery.error).toContain('Retry-After 120s');
  });

  it.each([
    ['at-or-below', 'Negative', [1, 3, 5], [1, 3]],
    ['exact', 'Negative', [1, 3, 5], [3]],
    ['at-or-below', 'Any', [9], [9]],
  ] as const)('signal_level %s %s', async (match, level, scores, alerted) => {
    // A channel alone alerts by signal_level only under the legacy fallback (the default refuses it).
    await setup([], { signalLevelMatch: match, resolveEvents: false, alertsWithoutDirection: 'legacy' });
    const t = await h.tracker({ notification_config: { webhook_enabled: true, signal_level: level } });
    for (const score of scores) await run(t.tracker_id, score);
    expect(receiver.hooks.map((x) => x.body.data.score)).toEqual(alerted);
    expect(
      receiver.hooks.every((x) => x.body.data.rule === 'signal_level' && x.body.data.threshold === level),
    ).toBe(true);
  });
});
