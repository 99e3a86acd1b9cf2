import { createHash } from 'node:crypto';
import { z } from 'zod';
import { truncate } from '../../alerts/format-alert.ts';
import { offeredLink } from '../../alerts/run-link.ts';
import { jsonCut, wireBytes, wireJson } from '../../alerts/wire-json.ts';
import { secretRef } from '../../config-common/schema-parts.ts';
import { eventData } from '../../events/types.ts';
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
 * PagerDuty's limits (https://developer.pagerduty.com/docs/events-api-v2/overview, "Size Limits",
 * and the trigger event's parameters): an event of at most 512 KB as sent, a `summary` of 1,024
 * characters and a `dedup_key` of 255. The other text fields have no documented limit: `source`,
 * `component` and `class` are cut as `summary` is.
 */
export const PAGERDUTY_LIMITS = { eventBytes: 512 * 1024, summaryChars: 1024, dedupKeyChars: 255 };

/**
 * `trackerkit/<tracker id>`, at most PAGERDUTY_LIMITS.dedupKeyChars: a longer id is hashed rather
 * than cut, so two trackers sharing a long prefix never share an incident.
 */
export function pagerdutyDedupKey(id: string): string {
  const key = `trackerkit/${id}`;
  return key.length <= PAGERDUTY_LIMITS.dedupKeyChars
    ? key
    : `trackerkit/sha256:${createHash('sha256').update(id).digest('hex')}`;
}

const field = (text: string) => truncate(text, PAGERDUTY_LIMITS.summaryChars);

/** What an event's details hold in place of a value that does not fit. */
const leftOut = (bytes: number) =>
  `(left out: ${bytes} bytes, over what a PagerDuty event holds; the whole alert is in the receiver)`;

/** A value's bytes as sent; a string's counted as it is read, never serialized whole. */
const valueBytes = (value: unknown) =>
  typeof value === 'string' ? jsonCut(value, Number.POSITIVE_INFINITY).bytes + 2 : wireBytes(value ?? null);

/**
 * The event's data as details within `maxBytes` (as sent): whole when it fits, else each value
 * gets an equal share of the room (a value smaller than its share gives the rest to the others):
 * a longer string is cut and marked, anything else is left out and said so. When the keys alone
 * are too large, a note only. One pass over the values: it ends for any data.
 */
function boundedDetails(details: Record<string, unknown>, maxBytes: number): Record<string, unknown> {
  const keys = Object.keys(details);
  const sizes = new Map(keys.map((key) => [key, valueBytes(details[key])]));
  // The object with every value `null` (4 bytes each) is what the keys and punctuation take.
  const frame = wireBytes(Object.fromEntries(keys.map((key) => [key, null]))) - 4 * keys.length;
  const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
  const total = frame + sum(sizes.values());
  if (total <= maxBytes) return details;
  const out = { ...details };
  let room = maxBytes - frame;
  const bySize = [...keys].sort((a, b) => sizes.get(a)! - sizes.get(b)!);
  bySize.forEach((key, i) => {
    const share = Math.floor(room / (bySize.length - i));
    const value = details[key];
    let bytes = sizes.get(key)!;
    if (bytes > share) {
      // The quotes and the mark of the cut ('…', 3 bytes) come out of the share.
      const end = typeof value === 'string' ? jsonCut(value, share - 5).end : 0;
      out[key] = end > 0 ? `${(value as string).slice(0, end)}…` : leftOut(bytes);
      bytes = valueBytes(out[key]);
    }
    room -= bytes;
  });
  return frame + sum(keys.map((key) => valueBytes(out[key]))) <= maxBytes ? out : { note: leftOut(total) };
}

/** An ISO 8601 time PagerDuty takes for `timestamp`, or null (it then stamps the event itself). */
function eventTime(timestamp: string): string | null {
  const ms = timestamp.length <= 64 ? Date.parse(timestamp) : Number.NaN;
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** An event with its details within PAGERDUTY_LIMITS.eventBytes: they get what the rest leaves. */
function withDetails(
  event: Record<string, unknown>,
  place: (details: Record<string, unknown>) => void,
  details: Record<string, unknown>,
): Record<string, unknown> {
  place({});
  const room = PAGERDUTY_LIMITS.eventBytes - wireBytes(event);
  place(boundedDetails(details, room));
  return event;
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
  const url = offeredLink(s.url);
  const time = eventTime(s.timestamp);
  const payload: Record<string, unknown> = {
    summary: field(`${s.trackerName}: ${s.headline}`),
    source: field(source ?? 'trackerkit'),
    severity: s.known ? (SEVERITY[s.signal ?? ''] ?? 'warning') : 'info',
    ...(time ? { timestamp: time } : {}),
    component: field(s.trackerName),
    class: field(job.event.type),
  };
  const event = {
    routing_key: routingKey,
    event_action: 'trigger',
    dedup_key: dedupKey,
    payload,
    ...(url ? { links: [{ href: url, text: 'Open the run' }] } : {}),
  };
  return withDetails(
    event,
    (details) => {
      payload.custom_details = details;
    },
    { ...eventData(job.event), idempotency_key: job.idempotencyKey },
  );
}

/**
 * PagerDuty's Events API v1, which Alertmanager uses for a `service_key`: the same incident key
 * per tracker, so a resolve closes the incident a trigger opened.
 */
export function pagerdutyV1Payload(job: DeliveryJob, serviceKey: string): object {
  const s = job.summary;
  const incidentKey = pagerdutyDedupKey(s.trackerId ?? job.idempotencyKey);
  const url = offeredLink(s.url);
  const event: Record<string, unknown> = {
    service_key: serviceKey,
    event_type: s.resolved ? 'resolve' : 'trigger',
    incident_key: incidentKey,
    description: field(`${s.trackerName}: ${s.headline}`),
    client: 'trackerkit',
    ...(url ? { client_url: url } : {}),
  };
  return withDetails(
    event,
    (details) => {
      event.details = details;
    },
    { ...eventData(job.event), idempotency_key: job.idempotencyKey },
  );
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
        body: wireJson(payload(job)),
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
