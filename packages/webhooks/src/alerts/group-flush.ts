import type { Labels } from './alert-identity.ts';
import { compareAlerts, type GroupNotification, type NotifiedAlert } from './alertmanager-payload.ts';

/**
 * Alertmanager's aggregation group as the store keeps it: one per (route, group labels), with
 * the time of its next flush. `ungrouped` groups are this receiver's own: a route without
 * `group_by` holds each alert in a group of its own, flushed as soon as it changes.
 */
export interface AlertGroup {
  route: string;
  key: string;
  /** Alertmanager's group key (`{}:{space_id="a"}`), as the webhook payload carries it. */
  amKey: string;
  labels: Labels;
  /** The route's Alertmanager receiver, when the configuration names one. */
  receiver: string | null;
  /** The destinations that take group notifications (chat, webhook). */
  destinations: string[];
  nextFlush: number;
  /** Whether its first notification has been made (Alertmanager's hasFlushed). */
  flushed: boolean;
  /** The tick of the flush that left it without alerts; null while it holds some. */
  emptiedAt: number | null;
  waitMs: number;
  intervalMs: number;
  /** 0: never repeat. */
  repeatMs: number;
  ungrouped: boolean;
}

/** One alert of a group (Alertmanager's aggregation group holds alerts by fingerprint). */
export interface GroupAlert extends NotifiedAlert {
  trackerId: string | null;
  /** The stored event it last changed with: a notification row hangs from the latest. */
  alertId: number;
  /** What silences and inhibit rules are matched against (the routing labels). */
  routing: Labels;
}

/** Alertmanager's notification log entry for (group, destination): what the last notification said. */
export interface NotifyLog {
  destination: string;
  firing: string[];
  resolved: string[];
  /** The flush time of that notification. */
  at: number;
}

export interface FlushInput {
  group: AlertGroup;
  alerts: GroupAlert[];
  logs: ReadonlyMap<string, NotifyLog>;
  /** The scheduled flush time (the group's `nextFlush`); the pass may run a little after it. */
  tick: number;
  now: number;
  /** Held by a silence or an inhibit rule at this flush. */
  muted(alert: GroupAlert): boolean;
  /** The route is inside a mute window (or outside its active ones): nothing goes. */
  routeMuted: boolean;
  /** Per destination: whether resolved alerts are sent (Alertmanager's `send_resolved`). */
  sendResolved(destination: string): boolean;
}

export interface FlushDecision {
  notifications: Array<{ destination: string; notification: GroupNotification; alertId: number }>;
  logs: NotifyLog[];
  /** Resolved alerts, notified (or not to be): they leave the group. */
  drop: GroupAlert[];
  /** The next flush; null: the group ends. */
  nextFlush: number | null;
  /** When a flush left the group without alerts (kept while it stays so); null while it holds some. */
  emptiedAt: number | null;
}

/**
 * Alertmanager's dispatcher removes a group only when it finds it empty, and looks every 30 s: an
 * emptied group lives on with its rhythm until then, so an alert joining meanwhile (a re-fire, a
 * resolve sent again) waits for the group's next tick. Here it ends 30 s after the flush that
 * emptied it, the latest that look can come.
 */
export const GROUP_CLEANUP_MS = 30_000;

/** The first of the ticks `step` apart from `tick` that is after `now` (at `now` when `orNow`). */
export function nextTick(tick: number, step: number, now: number, orNow = false): number {
  const after = orNow ? now - tick : now + 1 - tick;
  return tick + Math.max(1, Math.ceil(after / step)) * step;
}

const subset = (small: Iterable<string>, big: ReadonlySet<string>) => {
  for (const x of small) if (!big.has(x)) return false;
  return true;
};

/**
 * Alertmanager's DedupStage.needsUpdate: a first notification needs a firing alert; after that,
 * a newly firing alert, every alert resolved, a newly resolved one (with `send_resolved`), or the
 * repeat interval passed since the last notification. Alertmanager logs a notification slightly
 * after its flush and compares that with `now - repeat_interval` at a later flush, so with ticks
 * every `group_interval` a repeat goes at the first tick strictly more than `repeat_interval`
 * after the last notification (12 s interval, 4 s repeat: every 12 s; 2 s and 4 s: every 6 s).
 */
function needsUpdate(
  entry: NotifyLog | undefined,
  firing: ReadonlySet<string>,
  resolved: ReadonlySet<string>,
  sendResolved: boolean,
  group: Pick<AlertGroup, 'repeatMs' | 'ungrouped'>,
  tick: number,
): boolean {
  if (!entry) return firing.size > 0;
  if (!subset(firing, new Set(entry.firing))) return true;
  if (firing.size === 0) return entry.firing.length > 0;
  if (sendResolved && !subset(resolved, new Set(entry.resolved))) return true;
  if (group.repeatMs <= 0) return false;
  // An ungrouped route ticks at the repeat itself: the repeat is due on the tick.
  return group.ungrouped ? tick - entry.at >= group.repeatMs : entry.at < tick - group.repeatMs;
}

/** How far apart a group's flushes are. */
export function flushStep(group: Pick<AlertGroup, 'intervalMs' | 'repeatMs' | 'ungrouped'>): number {
  const step =
    group.ungrouped && group.repeatMs > 0 ? Math.min(group.intervalMs, group.repeatMs) : group.intervalMs;
  return Math.max(1, step);
}

/**
 * One flush of one group (Alertmanager's aggrGroup.flush through each destination's pipeline):
 * every alert of the group in Alertmanager's order, those muted now left out; per destination,
 * a notification when `needsUpdate` says so, listing every alert still in the group (resolved ones
 * only with `send_resolved`), and the log of what it said. Resolved alerts then leave the group;
 * an emptied group ends `GROUP_CLEANUP_MS` later unless an alert joined it. The next flush keeps
 * the group's rhythm from its scheduled tick.
 */
export function decideFlush(input: FlushInput): FlushDecision {
  const { group, tick, now } = input;
  // Resolved by now, as Alertmanager reads it at its flush; the tick only keeps the rhythm.
  const resolvedAt = (a: GroupAlert) => a.endsAt !== null && a.endsAt <= now;
  const ordered = [...input.alerts].sort(compareAlerts);
  const visible = input.routeMuted ? [] : ordered.filter((a) => !input.muted(a));
  const firing = new Set(visible.filter((a) => !resolvedAt(a)).map((a) => a.fingerprint));
  const resolved = new Set(visible.filter(resolvedAt).map((a) => a.fingerprint));
  const decision: FlushDecision = { notifications: [], logs: [], drop: [], nextFlush: null, emptiedAt: null };
  const step = flushStep(group);
  if (input.alerts.length === 0) {
    // Emptied by an earlier flush: its ticks go on until the dispatcher's cleanup would end it.
    const emptied = group.emptiedAt ?? tick;
    if (now >= emptied + GROUP_CLEANUP_MS) return decision;
    decision.emptiedAt = emptied;
    decision.nextFlush = Math.min(nextTick(emptied, step, now), emptied + GROUP_CLEANUP_MS);
    return decision;
  }
  // Everything muted: Alertmanager's pipeline stops before deduplication, logging nothing.
  if (visible.length > 0) {
    for (const destination of group.destinations) {
      const sendResolved = input.sendResolved(destination);
      if (!needsUpdate(input.logs.get(destination), firing, resolved, sendResolved, group, tick)) continue;
      decision.logs.push({ destination, firing: [...firing], resolved: [...resolved], at: tick });
      const sent = sendResolved ? visible : visible.filter((a) => !resolvedAt(a));
      // Without send_resolved, only resolved alerts: logged as notified, nothing sent.
      if (sent.length === 0) continue;
      decision.notifications.push({
        destination,
        alertId: Math.max(...sent.map((a) => a.alertId)),
        notification: {
          receiver: group.receiver ?? destination,
          groupKey: group.amKey,
          groupLabels: group.labels,
          at: now,
          alerts: sent.map(
            ({ fingerprint, labels, annotations, startsAt, endsAt, generatorURL, summary }) => ({
              fingerprint,
              labels,
              annotations,
              startsAt,
              endsAt: endsAt !== null && endsAt <= now ? endsAt : null,
              generatorURL,
              summary,
            }),
          ),
        },
      });
    }
  }
  // Alertmanager drops resolved alerts once a flush went through (muted or not).
  decision.drop = input.alerts.filter(resolvedAt);
  decision.nextFlush = nextTick(tick, step, now);
  if (decision.drop.length === input.alerts.length) {
    decision.emptiedAt = tick;
    decision.nextFlush = Math.min(decision.nextFlush, tick + GROUP_CLEANUP_MS);
  }
  return decision;
}
