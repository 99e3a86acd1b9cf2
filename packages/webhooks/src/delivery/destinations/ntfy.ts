import { alertText, truncate, truncateBytes } from '../format-alert.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';

const PRIORITY: Record<string, number> = { Poor: 5, Negative: 4, Neutral: 3, Positive: 3, Excellent: 3 };

export function ntfyPayload(job: DeliveryJob, topic: string, priority?: number): object {
  const s = job.summary;
  return {
    topic,
    title: truncate(s.title, 250),
    // ntfy's default message limit is 4,096 bytes (longer ones become attachments or are refused).
    message: truncateBytes(alertText(s), 4000),
    priority: priority ?? (s.resolved ? 3 : (PRIORITY[s.signal ?? ''] ?? 3)),
    tags: [s.resolved ? 'white_check_mark' : 'warning', ...(s.signal ? [s.signal.toLowerCase()] : [])],
    ...(s.url ? { click: s.url } : {}),
  };
}

/** ntfy's JSON publishing: POST to the server root with the topic in the body. */
export function createNtfyDestination(config: {
  name: string;
  url: string;
  topic: string;
  token?: string;
  priority?: number;
}): Destination {
  const root = config.url.replace(/\/+$/, '');
  return {
    name: config.name,
    type: 'ntfy',
    groups: true,
    deliver: (job) =>
      postJson({
        url: `${root}/`,
        body: JSON.stringify(ntfyPayload(job, config.topic, config.priority)),
        signal: job.signal,
        headers: {
          'idempotency-key': job.idempotencyKey,
          ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
        },
      }),
  };
}
