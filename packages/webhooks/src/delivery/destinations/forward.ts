import { standardWebhooksHeaders } from '@trackerkit/core';
import { postJson } from '../post-json.ts';
import type { Destination } from '../types.ts';

/**
 * Forwards the event's raw body re-signed with Standard Webhooks: the idempotency key is the
 * new `webhook-id`, so the receiver downstream (another receiver, an n8n Tracker Trigger)
 * dedupes retries as the contract says.
 */
export function createForwardDestination(config: {
  name: string;
  type: 'forward' | 'n8n';
  url: string;
  secret: string;
  headers?: Record<string, string>;
}): Destination {
  return {
    name: config.name,
    type: config.type,
    deliver: (job) =>
      postJson({
        url: config.url,
        body: job.body,
        signal: job.signal,
        headers: {
          ...config.headers,
          ...standardWebhooksHeaders(config.secret, job.idempotencyKey, job.body, Date.now()),
          'idempotency-key': job.idempotencyKey,
        },
      }),
  };
}
