import { truncate } from '../format-alert.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';

/** A Power Automate "Workflows" webhook message carrying one Adaptive Card. */
export function teamsPayload(job: DeliveryJob): object {
  const s = job.summary;
  const body: object[] = [
    { type: 'TextBlock', text: truncate(s.title, 300), weight: 'Bolder', size: 'Medium', wrap: true },
    { type: 'TextBlock', text: s.headline, wrap: true },
  ];
  if (s.reason) body.push({ type: 'TextBlock', text: s.reason, wrap: true, isSubtle: true });
  if (s.analysis) body.push({ type: 'TextBlock', text: truncate(s.analysis, 5000), wrap: true });
  const content: Record<string, unknown> = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    body,
  };
  if (s.url) content.actions = [{ type: 'Action.OpenUrl', title: 'Open the run', url: s.url }];
  return {
    type: 'message',
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content }],
  };
}

export function createTeamsDestination(config: { name: string; url: string }): Destination {
  return {
    name: config.name,
    type: 'teams',
    deliver: (job) =>
      postJson({
        url: config.url,
        body: JSON.stringify(teamsPayload(job)),
        signal: job.signal,
        headers: { 'idempotency-key': job.idempotencyKey },
      }),
  };
}
