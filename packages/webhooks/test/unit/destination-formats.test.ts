import { describe, expect, it } from 'vitest';
import { alertText, formatAlert, truncate } from '../../src/alerts/format-alert.ts';
import { cutEscaped } from '../../src/delivery/chat-message.ts';
import { discordPayload } from '../../src/delivery/destinations/discord.ts';
import { ntfyPayload } from '../../src/delivery/destinations/ntfy.ts';
import { pagerdutyDedupKey, pagerdutyPayload } from '../../src/delivery/destinations/pagerduty.ts';
import { slackPayload } from '../../src/delivery/destinations/slack.ts';
import { teamsPayload } from '../../src/delivery/destinations/teams.ts';
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
/** No lone surrogate (String#isWellFormed, without needing the es2024 lib). */
const wellFormed = (text: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
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

  it('truncates long analyses safely: never half a character, within each limit in its own unit', () => {
    const emoji = '📈'.repeat(3000); // two UTF-16 units, four UTF-8 bytes each
    for (const max of [1, 2, 3, 100, 101, 2000]) {
      const cut = truncate(emoji, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(wellFormed(cut)).toBe(true);
      expect(cut.endsWith('…')).toBe(true);
    }
    const bytes = cutEscaped(
      emoji,
      4000,
      (t) => t,
      (t) => Buffer.byteLength(t),
    );
    expect(Buffer.byteLength(bytes)).toBeLessThanOrEqual(4000);
    expect(wellFormed(bytes)).toBe(true);
    const long = job(exampleAlert({ analysis: emoji, url: 'https://console.example/runs/1' }));
    const ntfy = ntfyPayload(long, 't') as { message: string };
    expect(Buffer.byteLength(ntfy.message)).toBeLessThanOrEqual(4096);
    const discord = discordPayload(long) as { content: string; embeds: Array<{ description: string }> };
    expect(discord.embeds[0]!.description.length).toBeLessThanOrEqual(4096);
    // The link survives the cut.
    expect(discord.embeds[0]!.description.endsWith('[Open the run](https://console.example/runs/1)')).toBe(
      true,
    );
    const slack = slackPayload(long) as { blocks: Array<{ text?: { text: string } }> };
    for (const b of slack.blocks) expect(wellFormed(b.text?.text ?? '')).toBe(true);
  });

  it('Slack: text from the alert cannot mention or link (<!channel>, &, <, > escaped), even when cut', () => {
    const hostile = job(
      exampleAlert({ analysis: `<!channel> see <https://evil.com|here> & ${'<'.repeat(4000)}` }),
    );
    const slack = slackPayload(hostile) as { text: string; blocks: Array<{ text?: { text: string } }> };
    const analysis = slack.blocks[2]!.text!.text;
    expect(
      analysis.startsWith('&lt;!channel&gt; see &lt;https\u2060:/\u2060/evil\u2024\u2060com|here&gt; &amp; '),
    ).toBe(true);
    expect(analysis.length).toBeLessThanOrEqual(3000);
    expect(analysis).not.toMatch(/<|&(?!amp;|lt;|gt;)|&[a-z]*…$/);
  });

  it('PagerDuty: dedup_key stays within 255 characters without two trackers sharing one', () => {
    const a = pagerdutyDedupKey(`${'x'.repeat(300)}a`);
    const b = pagerdutyDedupKey(`${'x'.repeat(300)}b`);
    expect(a.length).toBeLessThanOrEqual(255);
    expect(a).not.toBe(b);
    expect(pagerdutyDedupKey('trk_1')).toBe('trackerkit/trk_1');
  });
});
