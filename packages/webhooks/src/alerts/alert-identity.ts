import { ALERT_EVENT } from '@trackerkit/core';
import { isAlertmanagerAlert, labelsFingerprint } from '../events/alertmanager-alert.ts';
import { type AlertEvent, eventData } from '../events/types.ts';
import { alertLabels } from '../router/label-matcher.ts';
import { type AlertSummary, formatAlert } from './format-alert.ts';
import { singleLine } from './inert-text.ts';
import { safeLink } from './run-link.ts';

export type Labels = Record<string, string>;

/** The `alertname` of a tracker's alerts (also the Alertmanager destination's default). */
const TRACKER_ALERTNAME = 'TrackerAlert';

/**
 * Routing labels that are not part of an alert's identity: `event` differs between an alert and
 * its resolve, and `score` changes with every run. Alertmanager identifies an alert by its whole
 * label set, so with either in it one tracker's incident would split into a new alert per run and
 * no resolve could end it; they travel as annotations (as a Prometheus sample's value does).
 */
const NOT_IDENTITY = new Set(['event', 'score']);

/**
 * A tracker alert's Alertmanager labels: `alertname` and the routing labels of `alertLabels`
 * (`tracker_id`, `tracker_name`, `space_id`, `signal`, `bound`) without `event` and `score`.
 * An empty value is no label, as in Alertmanager.
 */
export function trackerAlertLabels(event: AlertEvent): Labels {
  const labels: Labels = { alertname: TRACKER_ALERTNAME };
  for (const [name, value] of Object.entries(alertLabels(event)))
    if (!NOT_IDENTITY.has(name) && value !== '') labels[name] = value;
  return labels;
}

/** A tracker alert's annotations: what a person reads, and what changes from run to run. */
function trackerAlertAnnotations(event: AlertEvent, summary: AlertSummary = formatAlert(event)): Labels {
  const data = eventData(event);
  const annotations: Labels = {
    summary: `${summary.trackerName}: ${summary.headline}`.trim(),
    description: summary.reason,
    analysis: summary.analysis,
    score: summary.score === null ? '' : String(summary.score),
    threshold: data.threshold === null || data.threshold === undefined ? '' : String(data.threshold),
    url: summary.url ?? '',
  };
  for (const [name, value] of Object.entries(annotations)) if (value === '') delete annotations[name];
  return annotations;
}

/**
 * One alert as Alertmanager's dispatcher holds it: its identity (`fingerprint` of `labels`), what
 * it shows, and when it started and ended. Grouping, deduplication and the webhook payload work on
 * this; `routing` is what the route tree, silences and inhibit rules see (`alertLabels`).
 */
export interface AlertIdentity {
  fingerprint: string;
  labels: Labels;
  annotations: Labels;
  routing: Labels;
  /** Epoch ms. */
  startsAt: number;
  /** Epoch ms at which it is resolved; null while it fires until told otherwise. */
  endsAt: number | null;
  generatorURL: string;
  /** For chat destinations, which render summaries. */
  summary: AlertSummary;
  /** A tracker's alert: the tracker's next alert takes its place, its resolve ends it. */
  trackerId: string | null;
}

const timeOr = (value: unknown, fallback: number): number => {
  const t = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(t) ? t : fallback;
};

/** An alert posted in Alertmanager's own shape, summarised for a person as a chat line. */
function postedSummary(labels: Labels, annotations: Labels, resolved: boolean, url: string, at: string) {
  const name = singleLine(labels.alertname ?? 'Alert');
  const described = Object.entries(labels)
    .filter(([k]) => k !== 'alertname')
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return {
    resolved,
    known: true,
    title: `${resolved ? 'Resolved' : 'Alert'}: ${name}`,
    headline: singleLine(annotations.summary ?? described),
    reason: annotations.description ?? '',
    analysis: '',
    url: safeLink(url),
    trackerId: null,
    trackerName: name,
    score: null,
    signal: null,
    bound: null,
    timestamp: at,
  } satisfies AlertSummary;
}

/**
 * The alert a stored event starts or updates, or null for one that is no alert of its own: a
 * `tracker.alert.resolved` (it ends its tracker's alerts, see `resolvedTracker`), an event type
 * the document does not define, or a tracker alert without a tracker id.
 */
export function alertIdentity(event: AlertEvent, now: number): AlertIdentity | null {
  if (isAlertmanagerAlert(event)) {
    const d = event.data;
    const labels = { ...d.labels };
    const resolved = d.status === 'resolved';
    const endsAt = d.endsAt === null ? null : timeOr(d.endsAt, now);
    return {
      fingerprint: labelsFingerprint(labels),
      labels,
      annotations: { ...d.annotations },
      routing: alertLabels(event),
      startsAt: timeOr(d.startsAt, now),
      // Resolved now at the latest: a sender's clock ahead must not keep it firing.
      endsAt: resolved ? Math.min(endsAt ?? now, now) : endsAt,
      generatorURL: d.generatorURL,
      summary: postedSummary(labels, d.annotations, resolved, d.generatorURL, event.timestamp),
      trackerId: null,
    };
  }
  const trackerId = firedTrackerId(event);
  if (trackerId === null) return null;
  const summary = formatAlert(event);
  const labels = trackerAlertLabels(event);
  return {
    fingerprint: labelsFingerprint(labels),
    labels,
    annotations: trackerAlertAnnotations(event, summary),
    routing: alertLabels(event),
    startsAt: timeOr(event.timestamp, now),
    endsAt: null,
    generatorURL: summary.url ?? '',
    summary,
    trackerId,
  };
}

/** The tracker whose alert `event` is (`alertIdentity(event).trackerId`), without working the rest out. */
export function firedTrackerId(event: AlertEvent): string | null {
  if (event.type !== ALERT_EVENT.fired) return null;
  const trackerId = eventData(event).tracker_id;
  return typeof trackerId === 'string' && trackerId !== '' ? trackerId : null;
}

/** A `tracker.alert.resolved`: which tracker's alerts it ends, when, and its line for chat. */
export function resolvedTracker(
  event: AlertEvent,
  now: number,
): { trackerId: string; at: number; summary: AlertSummary } | null {
  if (event.type !== ALERT_EVENT.resolved) return null;
  const data = eventData(event);
  if (typeof data.tracker_id !== 'string' || data.tracker_id === '') return null;
  return {
    trackerId: data.tracker_id,
    at: Math.min(timeOr(event.timestamp, now), now),
    summary: formatAlert(event),
  };
}
