import type { GroupNotification } from './alertmanager-payload.ts';
import type { AlertSummary } from './format-alert.ts';

// A chat message lists at most this many alerts, then how many more the group holds.
const MAX_LINES = 100;

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
  const trackers = [...new Set(summaries.map((s) => s.trackerName))];
  const listed = [...firing, ...resolved];
  const lines = listed.slice(0, MAX_LINES).map((s) => `• ${s.title}${s.headline ? ` — ${s.headline}` : ''}`);
  if (listed.length > MAX_LINES) lines.push(`… and ${listed.length - MAX_LINES} more`);
  const latest =
    summaries
      .map((s) => s.timestamp)
      .sort()
      .at(-1) ?? new Date().toISOString();
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
    timestamp: latest,
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
