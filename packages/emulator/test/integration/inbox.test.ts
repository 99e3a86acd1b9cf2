// The inbox: every alert and e-mail the emulator sent, with each attempt, through the console API.
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';
import { startReceiver, verifyStandardWebhook } from './receivers.ts';

let h: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let secret = '';

afterEach(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
  await receiver.close();
});

async function setup() {
  receiver = await startReceiver(() => secret, [503]);
  h = await startHarness({
    clock: 'manual',
    clockStart: '2030-01-01T00:00:00Z',
    webhookBackoffSeconds: [0, 0],
  });
  secret = (await h.console('PUT', `/accounts/${h.emu.accountId}/webhook`, { url: receiver.url })).body
    .secret;
}

const run = (trackerId: string, score: number) =>
  h.api('POST', `/api/trackers/${trackerId}/runs`, { sync: true, context: { emulator: { score } } });

describe('inbox', () => {
  it('lists webhook and e-mail alerts with payload, headers and every attempt', async () => {
    await setup();
    const t = await h.tracker({
      notification_config: {
        webhook_enabled: true,
        email_enabled: true,
        notify_below: true,
        lower_threshold: 3,
      },
    });
    const fired = (await run(t.tracker_id, 2)).body.run_id;
    const { status, body } = await h.console('GET', `/inbox?tracker_id=${t.tracker_id}`);
    expect(status).toBe(200);
    const webhook = body.data.find((m: { channel: string }) => m.channel === 'webhook');
    const email = body.data.find((m: { channel: string }) => m.channel === 'email');
    expect(webhook).toMatchObject({
      event: 'tracker.alert',
      run_id: fired,
      to: receiver.url,
      sent_at: '2030-01-01T00:00:00Z'.replace('Z', '.000Z'),
      status: 'success',
      payload: { type: 'tracker.alert', data: { score: 2, bound: 'lower' } },
    });
    expect(webhook.attempts.map((a: { status: number; outcome: string }) => [a.status, a.outcome])).toEqual([
      [503, 'failed'],
      [200, 'success'],
    ]);
    // The recorded headers are the ones the receiver got and verified.
    const last = webhook.attempts[1].headers;
    expect(last['webhook-id']).toBe(webhook.message_id);
    const raw = JSON.stringify(webhook.payload);
    expect(
      verifyStandardWebhook(
        secret,
        last['webhook-id'],
        last['webhook-timestamp'],
        raw,
        last['webhook-signature'],
      ),
    ).toBe(true);
    expect(email).toMatchObject({
      to: 'developer@emulator.trackerkit.test',
      status: 'success',
      payload: { subject: expect.stringContaining('scored 2 (Negative)') },
      attempts: [{ attempt: 1, outcome: 'success' }],
    });
  });

  it('filters by event and time, records a resolved event, and clears', async () => {
    await setup();
    const t = await h.tracker({
      notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 3 },
    });
    await run(t.tracker_id, 1);
    await h.emu.clock.advance(60);
    await run(t.tracker_id, 9);
    const resolved = await h.console('GET', '/inbox?event=tracker.alert.resolved');
    expect(resolved.body.data).toHaveLength(1);
    expect(resolved.body.data[0]).toMatchObject({ sent_at: '2030-01-01T01:00:00.000Z', status: 'success' });
    expect((await h.console('GET', '/inbox?until=2030-01-01T00:30:00Z')).body.data).toHaveLength(1);
    expect((await h.console('GET', '/inbox?since=2030-01-01T00:30:00Z')).body.data).toHaveLength(1);
    expect((await h.console('GET', '/inbox?tracker_id=trk_other')).body.data).toEqual([]);
    expect(h.emu.inbox.list({ channel: 'webhook' })).toHaveLength(2);
    expect((await h.console('GET', '/inbox?since=yesterday')).status).toBe(422);
    expect((await h.console('DELETE', '/inbox')).body).toEqual({ cleared: 2 });
    expect(h.emu.inbox.list()).toEqual([]);
  });

  it('records a webhook with no endpoint configured as failed', async () => {
    receiver = await startReceiver(() => '', []);
    h = await startHarness();
    const t = await h.tracker({
      notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 10 },
    });
    await run(t.tracker_id, 5);
    expect(h.emu.inbox.list()).toEqual([
      expect.objectContaining({
        to: null,
        status: 'failed',
        attempts: [expect.objectContaining({ error: 'No webhook endpoint is configured for the account' })],
      }),
    ]);
  });
});
