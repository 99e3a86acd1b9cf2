import type { AlertmanagerAlertEvent } from './alertmanager-alert.ts';

/** An alert's span as Alertmanager compares it (epoch ms). */
interface Span {
  startsAt: number;
  endsAt: number;
  updatedAt: number;
  timeout: boolean;
}

// A body stored before every posted alert had an end fires until resolved: an end past any other,
// which any explicit end replaces (as a timeout's does).
function spanOf(event: AlertmanagerAlertEvent): Span {
  const d = event.data;
  return {
    startsAt: Date.parse(d.startsAt),
    endsAt: d.endsAt === null ? Number.POSITIVE_INFINITY : Date.parse(d.endsAt),
    updatedAt: Date.parse(event.timestamp),
    timeout: d.endsAt === null || d.timeout === true,
  };
}

/**
 * What Alertmanager 0.25 keeps when an alert is posted while it holds one with the same labels
 * (provider/mem `Put`, then `types.Alert.Merge`): the two are merged only when their spans
 * overlap (the new end strictly inside the old span, or the new start strictly inside it);
 * otherwise the posted alert replaces the stored one. Merged, the younger one (by `timestamp`, its
 * updatedAt) gives labels, annotations and generatorURL, the earlier start wins, and the end is
 * the younger's unless the elder's is later and either both are resolved at `now` or the younger
 * is still firing and the elder's end was the sender's own (not a timeout).
 *
 * So Prometheus' re-sends (the same start, the end a few evaluations further) simply replace the
 * alert and keep it firing, and its resolve (an end inside the firing span) ends it.
 */
export function mergePostedAlert(
  stored: AlertmanagerAlertEvent | null,
  posted: AlertmanagerAlertEvent,
  now: number,
): AlertmanagerAlertEvent {
  const settled = (event: AlertmanagerAlertEvent): AlertmanagerAlertEvent => {
    const end = event.data.endsAt === null ? Number.POSITIVE_INFINITY : Date.parse(event.data.endsAt);
    const status = end <= now ? 'resolved' : 'firing';
    return event.data.status === status ? event : { ...event, data: { ...event.data, status } };
  };
  if (stored === null) return settled(posted);
  const old = spanOf(stored);
  const neu = spanOf(posted);
  const overlaps =
    (neu.endsAt > old.startsAt && neu.endsAt < old.endsAt) ||
    (neu.startsAt > old.startsAt && neu.startsAt < old.endsAt);
  if (!overlaps) return settled(posted);
  const [elder, younger] = neu.updatedAt < old.updatedAt ? [posted, stored] : [stored, posted];
  const a = elder === stored ? old : neu;
  const o = younger === stored ? old : neu;
  const data = { ...younger.data };
  if (a.startsAt < o.startsAt) data.startsAt = elder.data.startsAt;
  const resolved = (s: Span) => s.endsAt <= now;
  const elderEnds = resolved(o) ? resolved(a) && a.endsAt > o.endsAt : a.endsAt > o.endsAt && !a.timeout;
  if (elderEnds) data.endsAt = elder.data.endsAt;
  return settled({ ...younger, data });
}
