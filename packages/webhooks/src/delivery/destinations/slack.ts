import { truncate } from '../format-alert.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';

/** Slack incoming webhook: `{text, blocks}`; `text` is the notification fallback. */
export function slackPayload(job: DeliveryJob): object {
  const s = job.summary;
  const blocks: object[] = [
    { type: 'header', text: { type: 'plain_text', text: truncate(s.title, 150) } },
    { type: 'section', text: { type: 'mrkdwn', text: truncate(`*${s.headline}*\n${s.reason}`, 3000) } },
  ];
  if (s.analysis)
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: truncate(s.analysis, 3000) } });
  if (s.url)
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `<${s.url}|Open the run>` }] });
  return { text: truncate(`${s.title}: ${s.headline}`, 3000), blocks };
}

export function createSlackDestination(config: { name: string; url: string }): Destination {
  return {
    name: config.name,
    type: 'slack',
    deliver: (job) =>
      postJson({
        url: config.url,
        body: JSON.stringify(slackPayload(job)),
        signal: job.signal,
        headers: { 'idempotency-key': job.idempotencyKey },
      }),
  };
}
