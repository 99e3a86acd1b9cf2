import { standardWebhooksHeaders } from '@trackerkit/core/signing';
import { z } from 'zod';
import { secretRef } from '../../config-common/schema-parts.ts';
import { postJson } from '../post-json.ts';
import type { Destination } from '../types.ts';
import { defineDestination, urlParts } from './define.ts';

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
        attempt: job,
        headers: {
          ...config.headers,
          ...standardWebhooksHeaders(config.secret, job.idempotencyKey, job.body, Date.now()),
          'idempotency-key': job.idempotencyKey,
        },
      }),
  };
}

/** The raw event re-signed to another receiver or any Standard Webhooks consumer. */
export const forwardDefinition = defineDestination({
  type: 'forward',
  integration: null,
  fields: { url: secretRef, secret: secretRef, headers: z.record(z.string(), z.string()).optional() },
  normalize: (d, ctx): { url: string; secret: string; headers?: Record<string, string> } => ({
    url: ctx.url(d.url, 'url'),
    secret: ctx.secret(d.secret, 'secret'),
    ...(d.headers ? { headers: d.headers } : {}),
  }),
  // Headers given to a forward are taken to be credentials (an API key, an Authorization).
  secrets: { url: urlParts, secret: (s) => [s], headers: (h) => Object.values(h) },
  create: (config) => createForwardDestination(config),
});
