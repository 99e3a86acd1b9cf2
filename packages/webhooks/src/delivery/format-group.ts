import type { GroupNotification } from '../alerts/alertmanager-payload.ts';
import { type AlertSummary, truncate } from '../alerts/format-alert.ts';
import { singleLine } from '../alerts/inert-text.ts';

// A chat message lists at most this many alerts, then how many more the group holds.
const MAX_LINES = 100;
/**
 * One alert's line names it by its title (the tracker's name, score, signal) and headline, each
 * part cut to this many characters first: a line always fits a post, and making it costs what
 * the line holds, not what the alert holds.
 */
const MAX_LINE = 300;
// A tracker's name in a group's title; the title names three.
const MAX_NAME = 100;
// Longer than any timestamp: a stored summary's is compared only this far.
const MAX_TIMESTAMP = 64;

/** An alert's line: its title and headline, cut. */
export function alertLine(s: AlertSummary): string {
  return truncate(
    s.headline ? `${truncate(s.title, MAX_LINE)} — ${truncate(s.headline, MAX_LINE)}` : s.title,
    MAX_LINE,
  );
}

/**
 * One summary for a group's notification (Alertmanager's one message per group): the count in the
 * title, then one line per alert, firing before resolved. A destination that renders summaries
 * shows it as it shows one alert, within its own length limits.
 */
export function formatGroup(summaries: AlertSummary[]): AlertSummary {
  const firing = summaries.filter((s) => !s.resolved);
  const resolved = summaries.filter((s) => s.resolved);
  const counts = [
    firing.length > 0 ? `${firing.length} firing` : '',
    resolved.length > 0 ? `${resolved.length} resolved` : '',
  ].filter(Boolean);
  // Names on one line whatever a stored summary holds: the title is a heading, a subject.
  const trackers = [...new Set(summaries.map((s) => singleLine(truncate(s.trackerName, MAX_NAME))))];
  const listed = [...firing, ...resolved];
  const lines = listed.slice(0, MAX_LINES).map((s) => `• ${alertLine(s)}`);
  if (listed.length > MAX_LINES) lines.push(`… and ${listed.length - MAX_LINES} more`);
  const latest = summaries.reduce<string | undefined>((max, s) => {
    const t = s.timestamp.slice(0, MAX_TIMESTAMP);
    return max === undefined || t > max ? t : max;
  }, undefined);
  return {
    resolved: firing.length === 0,
    known: summaries.every((s) => s.known),
    title: `${summaries.length} alerts (${counts.join(', ')}): ${trackers.slice(0, 3).join(', ')}${trackers.length > 3 ? ', …' : ''}`,
    headline: `${trackers.length} tracker${trackers.length === 1 ? '' : 's'} in this group`,
    reason: lines.join('\n'),
    analysis: '',
    url: null,
    trackerId: null,
    trackerName: trackers.join(', '),
    score: null,
    signal: null,
    bound: null,
    timestamp: latest ?? new Date().toISOString(),
  };
}

/**
 * The summary a chat destination renders for a group notification: the one alert's own when the
 * notification lists one, else `formatGroup`. Whether an alert is resolved is what the group says
 * (an alert a tracker's next alert replaced is resolved, whatever its text).
 */
export function notificationSummary(notification: GroupNotification): AlertSummary {
  const summaries = notification.alerts.map((a) => ({
    ...a.summary,
    resolved: a.endsAt !== null && a.endsAt <= notification.at,
  }));
  return summaries.length === 1 ? summaries[0]! : formatGroup(summaries);
}
