import { createHash } from 'node:crypto';
import { z } from 'zod';
import { secretRef } from '../../config/schema-parts.ts';
import { eventData } from '../../events/types.ts';
import { truncate } from '../format-alert.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';
import { defineDestination, urlParts } from './define.ts';

const SEVERITY: Record<string, string> = {
  Poor: 'critical',
  Negative: 'error',
  Neutral: 'warning',
  Positive: 'info',
  Excellent: 'info',
};

/**
 * `trackerkit/<tracker id>`, at most 255 characters: a longer id is hashed rather than cut, so two
 * trackers sharing a long prefix never share an incident.
 */
export function pagerdutyDedupKey(id: string): string {
  const key = `trackerkit/${id}`;
  return key.length <= 255 ? key : `trackerkit/sha256:${createHash('sha256').update(id).digest('hex')}`;
}

/**
 * PagerDuty Events v2. The dedup_key is stable per tracker, so a later
 * `tracker.alert.resolved` (a run back inside its bounds) resolves the same incident, and
 * every retry of a trigger lands on that incident too.
 */
export function pagerdutyPayload(job: DeliveryJob, routingKey: string, source?: string): object {
  const s = job.summary;
  const dedupKey = pagerdutyDedupKey(s.trackerId ?? job.idempotencyKey);
  if (s.resolved) return { routing_key: routingKey, event_action: 'resolve', dedup_key: dedupKey };
  return {
    routing_key: routingKey,
    event_action: 'trigger',
    dedup_key: dedupKey,
    payload: {
      summary: truncate(`${s.trackerName}: ${s.headline}`, 1024),
      source: source ?? 'trackerkit',
      severity: s.known ? (SEVERITY[s.signal ?? ''] ?? 'warning') : 'info',
      timestamp: s.timestamp,
      component: s.trackerName,
      class: job.event.type,
      custom_details: { ...eventData(job.event), idempotency_key: job.idempotencyKey },
    },
    ...(s.url ? { links: [{ href: s.url, text: 'Open the run' }] } : {}),
  };
}

/**
 * PagerDuty's Events API v1, which Alertmanager uses for a `service_key`: the same incident key
 * per tracker, so a resolve closes the incident a trigger opened.
 */
export function pagerdutyV1Payload(job: DeliveryJob, serviceKey: string): object {
  const s = job.summary;
  const incidentKey = pagerdutyDedupKey(s.trackerId ?? job.idempotencyKey);
  return {
    service_key: serviceKey,
    event_type: s.resolved ? 'resolve' : 'trigger',
    incident_key: incidentKey,
    description: truncate(`${s.trackerName}: ${s.headline}`, 1024),
    client: 'trackerkit',
    ...(s.url ? { client_url: s.url } : {}),
    details: { ...eventData(job.event), idempotency_key: job.idempotencyKey },
  };
}

function createPagerdutyDestination(config: {
  name: string;
  url: string;
  routingKey: string;
  source?: string;
  /** `v1`: `routingKey` is an Events API v1 service key (Alertmanager's `service_key`). */
  events?: 'v1';
}): Destination {
  const payload = (job: DeliveryJob) =>
    config.events === 'v1'
      ? pagerdutyV1Payload(job, config.routingKey)
      : pagerdutyPayload(job, config.routingKey, config.source);
  return {
    name: config.name,
    type: 'pagerduty',
    deliver: (job) =>
      postJson({
        url: config.url,
        body: JSON.stringify(payload(job)),
        attempt: job,
        headers: { 'idempotency-key': job.idempotencyKey },
      }),
  };
}

export interface PagerdutyConfig {
  url: string;
  routingKey: string;
  source?: string;
  /**
   * `v1`: Alertmanager's `service_key`, PagerDuty's Events API v1 (`url` is then its
   * create_event endpoint and `routingKey` the service key). Absent: Events API v2.
   */
  events?: 'v1';
}

/** PagerDuty's Events API (Alertmanager's pagerduty_configs). */
export const pagerdutyDefinition = defineDestination({
  type: 'pagerduty',
  integration: 'pagerduty_configs',
  fields: {
    url: secretRef.default('https://events.pagerduty.com/v2/enqueue'),
    routing_key: secretRef,
    source: z.string().optional(),
  },
  normalize: (d, ctx): PagerdutyConfig => ({
    url: ctx.url(d.url, 'url'),
    routingKey: ctx.secret(d.routing_key, 'routing_key'),
    ...(d.source ? { source: d.source } : {}),
  }),
  secrets: { url: urlParts, routingKey: (key) => [key], source: false, events: false },
  create: (config) => createPagerdutyDestination(config),
});
