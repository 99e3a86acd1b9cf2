import { z } from 'zod';
import { wireJson } from '../../alerts/wire-json.ts';
import { parseDuration } from '../../config-common/parse-duration.ts';
import { basicAuth, duration, oneAuth, secretRef } from '../../config-common/schema-parts.ts';
import { alertLabels } from '../../router/label-matcher.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';
import { defineDestination, urlParts } from './define.ts';

const DEFAULT_ALERTNAME = 'TrackerAlert';

/**
 * The routing labels that name an incident. Alertmanager identifies an alert by its whole label
 * set, so a `tracker.alert.resolved` resolves the firing alert only if it carries the very same
 * labels. `event` differs between the two by definition, and `signal`, `bound` and `score` do too
 * (the resolving run is back inside its bounds: another score, usually `bound: none`); two alerting
 * runs of one tracker with different scores would also become two alerts that one resolve cannot
 * close. So only the tracker's identity is a label, as `trackerkit/<tracker_id>` is PagerDuty's
 * dedup_key; the changing values travel as annotations (Prometheus keeps its sample value out of
 * the labels for the same reason).
 */
const IDENTITY = ['tracker_id', 'tracker_name', 'space_id'] as const;

export interface AlertmanagerOptions {
  alertname?: string;
  /** Firing alerts end this long after delivery unless re-sent; absent, Alertmanager's own `resolve_timeout` applies. */
  resolveTimeoutMs?: number;
}

function isoOrNow(timestamp: string, nowMs: number): string {
  const ms = Date.parse(timestamp);
  return new Date(Number.isNaN(ms) ? nowMs : ms).toISOString();
}

/** One alert of Alertmanager's `POST /api/v2/alerts` body (postableAlert). */
export function alertmanagerAlert(job: DeliveryJob, options: AlertmanagerOptions = {}, nowMs = Date.now()) {
  const s = job.summary;
  const routing = alertLabels(job.event);
  const labels: Record<string, string> = { alertname: options.alertname ?? DEFAULT_ALERTNAME };
  for (const name of IDENTITY) {
    if (routing[name] !== undefined) labels[name] = routing[name];
    delete routing[name];
  }
  // An event type the document does not define is never resolved, so its name may identify it.
  if (!s.known) labels.event = job.event.type;
  const annotations: Record<string, string> = {
    summary: `${s.trackerName}: ${s.headline}`,
    ...(s.analysis ? { description: s.analysis } : {}),
    ...(s.reason ? { reason: s.reason } : {}),
    ...routing,
  };
  const at = isoOrNow(s.timestamp, nowMs);
  // A resolve ends the alert when it happened, or now if the sender's clock runs ahead: either way
  // Alertmanager sees it resolved at once. startsAt may not follow endsAt; Alertmanager keeps the
  // firing alert's earlier startsAt when it merges the two.
  const ends = s.resolved
    ? new Date(Math.min(Date.parse(at), nowMs)).toISOString()
    : options.resolveTimeoutMs !== undefined
      ? new Date(Math.max(Date.parse(at), nowMs) + options.resolveTimeoutMs).toISOString()
      : undefined;
  return {
    labels,
    annotations,
    startsAt: s.resolved ? ends : at,
    ...(ends ? { endsAt: ends } : {}),
    ...(s.url ? { generatorURL: s.url } : {}),
  };
}

/** `<url>/api/v2/alerts`, keeping a path prefix (`--web.route-prefix`) the URL may carry. */
export function alertmanagerAlertsUrl(base: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/v2/alerts`;
  return url.href;
}

/**
 * Alertmanager API v2. Resending is harmless: an alert with the same labels merges with the one
 * Alertmanager holds, so at-least-once delivery creates no duplicates there.
 */
function createAlertmanagerDestination(config: {
  name: string;
  url: string;
  alertname?: string;
  resolveTimeoutMs?: number;
  basicAuth?: { username: string; password: string };
  bearerToken?: string;
}): Destination {
  const url = alertmanagerAlertsUrl(config.url);
  const authorization = config.basicAuth
    ? `Basic ${Buffer.from(`${config.basicAuth.username}:${config.basicAuth.password}`).toString('base64')}`
    : config.bearerToken
      ? `Bearer ${config.bearerToken}`
      : undefined;
  const options: AlertmanagerOptions = {
    ...(config.alertname ? { alertname: config.alertname } : {}),
    ...(config.resolveTimeoutMs !== undefined ? { resolveTimeoutMs: config.resolveTimeoutMs } : {}),
  };
  return {
    name: config.name,
    type: 'alertmanager',
    deliver: (job) =>
      postJson({
        url,
        body: wireJson([alertmanagerAlert(job, options)]),
        attempt: job,
        headers: {
          'idempotency-key': job.idempotencyKey,
          ...(authorization ? { authorization } : {}),
        },
      }),
  };
}

export interface AlertmanagerConfig {
  url: string;
  alertname?: string;
  resolveTimeoutMs?: number;
  basicAuth?: { username: string; password: string };
  bearerToken?: string;
}

/** Another Alertmanager's API v2: each event becomes one of its alerts. */
export const alertmanagerDefinition = defineDestination({
  type: 'alertmanager',
  integration: null,
  fields: {
    url: secretRef,
    alertname: z.string().min(1).optional(),
    // The refinement runs even when the duration's own check failed; that failure is reported.
    resolve_timeout: duration
      .refine((v) => !duration.safeParse(v).success || parseDuration(v) >= 1000, 'must be at least 1s')
      .optional(),
    basic_auth: basicAuth.optional(),
    bearer_token: secretRef.optional(),
  },
  refine: oneAuth,
  normalize: (d, ctx): AlertmanagerConfig => ({
    url: ctx.url(d.url, 'url'),
    ...(d.alertname ? { alertname: d.alertname } : {}),
    ...(d.resolve_timeout !== undefined ? { resolveTimeoutMs: parseDuration(d.resolve_timeout) } : {}),
    ...(d.basic_auth
      ? {
          basicAuth: {
            username: d.basic_auth.username,
            password: ctx.secret(d.basic_auth.password, 'basic_auth.password'),
          },
        }
      : {}),
    ...(d.bearer_token ? { bearerToken: ctx.secret(d.bearer_token, 'bearer_token') } : {}),
  }),
  secrets: {
    url: urlParts,
    alertname: false,
    resolveTimeoutMs: false,
    basicAuth: (auth) => [auth.password],
    bearerToken: (token) => [token],
  },
  create: (config) => createAlertmanagerDestination(config),
});
