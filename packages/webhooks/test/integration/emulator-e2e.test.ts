import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { startSmtp } from '../helpers/smtp.ts';

type Emulator = Awaited<ReturnType<typeof import('@trackerkit/emulator')['startEmulator']>>;
let emulator: Emulator;
let receiver: Receiver;
let slack: Loopback;
let pagerduty: Loopback;
let discord: Loopback;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${emulator.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  const { startEmulator } = await import('@trackerkit/emulator');
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  emulator = await startEmulator({ port: 0 });
  [slack, pagerduty, discord] = await Promise.all([startLoopback(), startLoopback(), startLoopback()]);
  discord.queue.push({ status: 429, body: { retry_after: 0.2, global: false } });
  pagerduty.queue.push({ status: 502 });
  smtp = await startSmtp();
  // The secret stays the same when the URL changes, so ask for it first.
  const { secret } = emulator.setWebhook(null);
  receiver = await startReceiver({
    port: 0,
    env: { TRACKER_WEBHOOK_SECRET: secret },
    config: {
      storage: { path: join(mkdtempSync(join(tmpdir(), 'tk-e2e-')), 'store.db') },
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'TRACKER_WEBHOOK_SECRET' } }],
      destinations: [
        { name: 'slack', type: 'slack', url: slack.url },
        { name: 'discord', type: 'discord', url: discord.url },
        {
          name: 'pagerduty',
          type: 'pagerduty',
          url: pagerduty.url,
          routing_key: 'rk-e2e',
          retry: { initial_delay: '50ms' },
        },
        {
          name: 'email',
          type: 'email',
          smtp: { host: '127.0.0.1', port: smtp.port },
          from: 'a@trackerkit.test',
          to: 'ops@trackerkit.test',
        },
      ],
      route: {
        destination: ['slack', 'email'],
        routes: [
          {
            matchers: { bound: 'lower', score: { max: 3 } },
            destination: ['pagerduty', 'discord', 'slack', 'email'],
          },
          { matchers: { event: 'tracker.alert.resolved' }, destination: ['pagerduty', 'slack'] },
        ],
      },
      delivery: { poll_interval: '20ms' },
      log: { level: 'silent' },
    },
  });
  expect(emulator.setWebhook(receiver.sourceUrls.tracker!).secret).toBe(secret);
});

afterAll(async () => {
  await receiver?.close();
  await emulator?.close();
  await Promise.all([slack, pagerduty, discord].map((l) => l?.close()));
  await smtp?.close();
});

describe('end to end with the emulator', () => {
  it('a run below the bound alerts; a later run back inside resolves the PagerDuty incident', async () => {
    const tracker = await api(`/api/spaces/${emulator.spaceId}/trackers`, {
      method: 'POST',
      body: {
        name: 'ACME supplier risk',
        description: 'Watches ACME for supply-chain risk.',
        run_mode: 'manual',
        agent_config: {
          instruction: 'Review recent news and filings.',
          score_meaning: '10 means no supply risk; 0 means imminent disruption.',
          skills: ['web_research'],
          reasoning_mode: 'basic',
          linked_trackers: [],
        },
        notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 3 },
      },
    });
    const trackerId = String(tracker.id ?? tracker.tracker_id);
    await api(`/api/trackers/${trackerId}/runs`, {
      method: 'POST',
      body: { context: { emulator: { score: 2 } } },
    });
    await emulator.idle();

    await pagerduty.waitFor((l) => l.keys.size >= 1);
    const trigger = pagerduty.requests.at(-1)!.json as {
      event_action: string;
      dedup_key: string;
      payload: { summary: string };
    };
    expect(trigger.event_action).toBe('trigger');
    expect(trigger.dedup_key).toBe(`trackerkit/${trackerId}`);
    expect(trigger.payload.summary).toContain('ACME supplier risk: score 2');
    await discord.waitFor((l) => l.keys.size >= 1);
    await slack.waitFor((l) => l.keys.size >= 1);
    expect(JSON.stringify(slack.requests[0]!.json)).toContain('crossed the lower bound 3');
    await waitUntil(() => smtp.mails.length > 0, { what: 'a mail over SMTP' });
    expect(smtp.mails[0]!.raw).toContain('Subject: Alert: ACME supplier risk score 2');

    await api(`/api/trackers/${trackerId}/runs`, {
      method: 'POST',
      body: { context: { emulator: { score: 7 } } },
    });
    await emulator.idle();
    await pagerduty.waitFor((l) =>
      l.requests.some((r) => (r.json as { event_action?: string }).event_action === 'resolve'),
    );
    const resolve = pagerduty.requests.find(
      (r) => (r.json as { event_action?: string }).event_action === 'resolve',
    )!;
    expect(resolve.json).toEqual({
      routing_key: 'rk-e2e',
      event_action: 'resolve',
      dedup_key: trigger.dedup_key,
    });
    const metrics = await (await fetch(`${receiver.url}/metrics`)).text();
    expect(metrics).toMatch(/trackerkit_webhooks_received_total\{source="tracker",type="tracker.alert"\} 1/);
    expect(metrics).toMatch(/trackerkit_webhooks_rejected_total/);
    expect(metrics).not.toMatch(/trackerkit_webhooks_rejected_total\{/);
  });
});
