import { ALERT_EVENT, isAlertEventType, jsonDepthRule, MAX_ALERT_JSON_DEPTH } from '@trackerkit/core';
import { type AlertEvent, eventData } from '../events/types.ts';
import { singleLine } from './inert-text.ts';
import { safeLink } from './run-link.ts';

/** The few things a person needs at a glance, shared by every destination's format. */
export interface AlertSummary {
  resolved: boolean;
  known: boolean;
  title: string;
  /** Score, signal and the bound crossed, in one line. */
  headline: string;
  reason: string;
  analysis: string;
  /**
   * The alert's URL when it is a `safeLink`; a destination is given it only when `runLink` offers
   * it (createDestination), null otherwise.
   */
  url: string | null;
  trackerId: string | null;
  trackerName: string;
  score: number | null;
  signal: string | null;
  bound: string | null;
  timestamp: string;
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

/**
 * An unknown event as text for a person. Ingest refuses bodies nested past MAX_ALERT_JSON_DEPTH, but
 * one stored before that rule may nest past the stack's reach: it is described, never thrown on,
 * so no stored alert is undeliverable (the destination still gets its title and the raw body).
 */
function preview(event: AlertEvent): string {
  try {
    return JSON.stringify(event).slice(0, 1500);
  } catch {
    return `(the event is too deeply nested to show: ${jsonDepthRule(MAX_ALERT_JSON_DEPTH)})`;
  }
}

/** Turns any event into a summary; unknown event types get a generic one so nothing is dropped. */
export function formatAlert(event: AlertEvent): AlertSummary {
  const data = eventData(event);
  const resolved = event.type === ALERT_EVENT.resolved;
  const known = isAlertEventType(event.type);
  // A name is shown on one line (a title, a subject, a push's heading), as valid Unicode.
  const trackerName = singleLine(str(data.tracker_name, 'Unknown tracker'));
  const score = typeof data.score === 'number' ? data.score : null;
  const signal = typeof data.signal === 'string' ? data.signal : null;
  const bound = typeof data.bound === 'string' ? data.bound : null;
  const threshold = data.threshold === null || data.threshold === undefined ? null : String(data.threshold);
  const scoreText = score === null ? '' : `score ${score}${signal ? ` (${signal})` : ''}`;
  let headline: string;
  if (!known) headline = `Event ${event.type}`;
  else if (resolved) headline = `Back inside its bounds: ${scoreText}`;
  else if (bound && threshold !== null) headline = `${scoreText}, crossed the ${bound} bound ${threshold}`;
  else if (threshold !== null) headline = `${scoreText}, signal level ${threshold}`;
  else headline = scoreText;
  const title = known
    ? `${resolved ? 'Resolved' : 'Alert'}: ${trackerName} ${scoreText}`.trim()
    : `Tracker event ${singleLine(event.type)}`;
  return {
    resolved,
    known,
    title,
    headline: singleLine(headline),
    reason: str(data.reason),
    analysis: known ? str(data.analysis) : preview(event),
    url: safeLink(data.url),
    trackerId: typeof data.tracker_id === 'string' ? data.tracker_id : null,
    trackerName,
    score,
    signal,
    bound,
    timestamp: str(event.timestamp, new Date().toISOString()),
  };
}

/** Plain text for e-mail, ntfy, stdout. */
export function alertText(s: AlertSummary): string {
  return [s.headline, s.reason, s.analysis, s.url ? `Run: ${s.url}` : ''].filter(Boolean).join('\n');
}

/**
 * Cuts text to a destination's limit (in UTF-16 units, what JavaScript and these services count),
 * marking the cut: at most `max` units whatever `max` is (nothing at all below 1). Never splits a
 * surrogate pair: a lone surrogate is invalid Unicode that some services reject outright.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (!(max >= 1)) return '';
  let end = Math.floor(max) - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
