import { truncate } from '../format-alert.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';

const escapeMrkdwn = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Text from the alert as Slack mrkdwn, within `max` characters once escaped. Slack reads `<...>`
 * as links and mentions (`<!channel>` would page a whole channel), so `&`, `<` and `>` are
 * escaped; the cut is made before escaping, so it never splits an entity.
 */
export function mrkdwn(text: string, max: number): string {
  let raw = truncate(text, max);
  let escaped = escapeMrkdwn(raw);
  while (escaped.length > max) {
    raw = truncate(raw, raw.length - Math.max(1, Math.ceil((escaped.length - max) / 4)));
    escaped = escapeMrkdwn(raw);
  }
  return escaped;
}

/** Alertmanager's `channel` and `username` (slack_configs): the webhook's defaults when absent. */
export interface SlackOptions {
  channel?: string;
  username?: string;
}

/** Slack incoming webhook: `{text, blocks}`; `text` is the notification fallback. */
export function slackPayload(job: DeliveryJob, options: SlackOptions = {}): object {
  const s = job.summary;
  const blocks: object[] = [
    { type: 'header', text: { type: 'plain_text', text: truncate(s.title, 150), emoji: true } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: `*${mrkdwn(s.headline, 500)}*\n${mrkdwn(s.reason, 2400)}`.trim() },
    },
  ];
  if (s.analysis) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: mrkdwn(s.analysis, 3000) } });
  if (s.url)
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: `<${s.url.replace(/[|>]/g, encodeURIComponent)}|Open the run>` }],
    });
  return {
    text: mrkdwn(`${s.title}: ${s.headline}`, 3000),
    blocks,
    ...(options.channel ? { channel: options.channel } : {}),
    ...(options.username ? { username: options.username } : {}),
  };
}

export function createSlackDestination(config: { name: string; url: string } & SlackOptions): Destination {
  return {
    name: config.name,
    type: 'slack',
    groups: true,
    deliver: (job) =>
      postJson({
        url: config.url,
        body: JSON.stringify(slackPayload(job, config)),
        signal: job.signal,
        headers: { 'idempotency-key': job.idempotencyKey },
      }),
  };
}
