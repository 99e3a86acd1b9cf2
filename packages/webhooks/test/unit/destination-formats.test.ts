import { describe, expect, it } from 'vitest';
import { discordPayload } from '../../src/delivery/destinations/discord.ts';
import { ntfyPayload } from '../../src/delivery/destinations/ntfy.ts';
import { pagerdutyPayload } from '../../src/delivery/destinations/pagerduty.ts';
import { slackPayload } from '../../src/delivery/destinations/slack.ts';
import { teamsPayload } from '../../src/delivery/destinations/teams.ts';
import { alertText, formatAlert } from '../../src/delivery/format-alert.ts';
import type { DeliveryJob } from '../../src/delivery/types.ts';
import type { AlertEvent } from '../../src/events/types.ts';
import { exampleAlert, exampleResolved } from '../helpers/alerts.ts';

const job = (event: AlertEvent): DeliveryJob => ({
  event,
  summary: formatAlert(event),
  idempotencyKey: 'msg_key',
  body: JSON.stringify(event),
  attempt: 1,
  signal: new AbortController().signal,
});
const alert = exampleAlert({ url: 'https://console.example/runs/1', analysis: 'x'.repeat(5000) });

describe('messages readable at a glance', () => {
  it('summary carries name, score, signal, bound, reason, analysis, link', () => {
    const s = formatAlert(alert);
    expect(s.title).toBe('Alert: ACME supplier risk score 2 (Negative)');
    expect(s.headline).toBe('score 2 (Negative), crossed the lower bound 3');
    expect(alertText(s)).toContain('Score 2 is at or below the lower threshold 3.');
    expect(alertText(s)).toContain('Run: https://console.example/runs/1');
    expect(formatAlert(exampleResolved()).title).toBe('Resolved: ACME supplier risk score 6 (Positive)');
    expect(formatAlert({ type: 'x.y', data: 5 }).title).toBe('Tracker event x.y');
  });

  it('respects each service’s limits', () => {
    const discord = discordPayload(job(alert)) as {
      content: string;
      embeds: Array<{ description: string; url: string }>;
    };
    expect(discord.content.length).toBeLessThanOrEqual(2000);
    expect(discord.embeds[0]!.description.length).toBeLessThanOrEqual(4096);
    expect(discord.embeds[0]!.url).toBe('https://console.example/runs/1');
    const slack = slackPayload(job(alert)) as { blocks: Array<{ text?: { text: string } }> };
    for (const b of slack.blocks) expect((b.text?.text ?? '').length).toBeLessThanOrEqual(3000);
    const pd = pagerdutyPayload(job(alert), 'rk') as {
      payload: { summary: string; severity: string };
      dedup_key: string;
    };
    expect(pd.payload.summary.length).toBeLessThanOrEqual(1024);
    expect(pd).toMatchObject({
      dedup_key: `trackerkit/${alert.data.tracker_id}`,
      payload: { severity: 'error' },
    });
  });

  it('PagerDuty resolves the same dedup_key; Teams sends an Adaptive Card; ntfy links the run', () => {
    expect(pagerdutyPayload(job(exampleResolved()), 'rk')).toEqual({
      routing_key: 'rk',
      event_action: 'resolve',
      dedup_key: `trackerkit/${alert.data.tracker_id}`,
    });
    expect(teamsPayload(job(alert))).toMatchObject({
      type: 'message',
      attachments: [
        { contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard' } },
      ],
    });
    expect(ntfyPayload(job(alert), 'topic')).toMatchObject({
      topic: 'topic',
      priority: 4,
      click: 'https://console.example/runs/1',
    });
  });
});
