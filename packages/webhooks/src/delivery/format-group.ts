import type { AlertSummary } from './format-alert.ts';

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
  const lines = [...firing, ...resolved].map((s) => `• ${s.title}${s.headline ? ` — ${s.headline}` : ''}`);
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
