import { createHash } from 'node:crypto';
import type { AlertIdentity, Labels } from '../alerts/alert-identity.ts';
import { groupKeyOf } from '../alerts/alertmanager-payload.ts';
import {
  type AlertGroup,
  decideFlush,
  flushStep,
  GROUP_CLEANUP_MS,
  type GroupAlert,
  type NotifyLog,
  nextTick,
} from '../alerts/group-flush.ts';
import { GROUP_INTERVAL_MS } from '../router/match-route-tree.ts';
import type { RouteMatch } from '../router/types.ts';
import { ask as askOp, type Plan } from './plan.ts';
import type { DeliveryRow } from './types.ts';

/** One aggregation group: its route and its key on that route. */
export interface GroupRef {
  route: string;
  key: string;
}

/** What joining and leaving groups asks of a store, inside the ingest's transaction. */
export interface GroupOps {
  getGroup(group: GroupRef): { nextFlush: number; flushed: boolean; emptiedAt: number | null } | null;
  /** Inserts the group, or updates it keeping whether it has flushed (an alert joined it: not emptied). */
  putGroup(group: AlertGroup): void;
  /** Inserts the alert or updates it (same fingerprint); a firing one keeps its earlier start. */
  putGroupAlert(member: { group: GroupRef; alert: AlertIdentity; alertId: number; now: number }): void;
  /**
   * Resolves at `at` the tracker's firing alerts in every group, except those in `keep`
   * (`route\nkey\nfingerprint`); `summary` (JSON), when given, replaces theirs. Their groups
   * without `group_by` flush now.
   */
  resolveTrackerAlerts(resolve: TrackerResolve): void;
}

export interface TrackerResolve {
  trackerId: string;
  keep: string[];
  at: number;
  alertId: number;
  summary: string | null;
  now: number;
}

/** What one flush pass asks of a store, inside one transaction. */
export interface FlushOps {
  /** Groups whose flush is due, locked for this pass (another replica skips them). */
  dueGroups(due: { now: number; limit: number }): AlertGroup[];
  groupAlerts(group: GroupRef): GroupAlert[];
  notifyLogs(group: GroupRef): NotifyLog[];
  /**
   * A pending outbox row carrying a group notification (claimed by this process, which sends it
   * at once): the row as the outbox takes it.
   */
  insertNotification(notification: NewNotification): DeliveryRow;
  putNotifyLog(group: GroupRef, log: NotifyLog): void;
  dropGroupAlert(group: GroupRef, fingerprint: string): void;
  /**
   * Deletes the group. Its notification log stays (`NOTIFY_LOG_KEPT_MS`), as Alertmanager's: a
   * group made again with the same key is judged against what was last said.
   */
  endGroup(group: GroupRef): void;
  setFlush(group: GroupRef, next: { nextFlush: number; emptiedAt: number | null }): void;
}

export interface NewNotification {
  alertId: number;
  destination: string;
  route: string;
  /** The group's key in the outbox (`route key`). */
  groupKey: string;
  idempotencyKey: string;
  /** The notification (JSON `GroupNotification`). */
  payload: string;
  now: number;
}

const askGroup = askOp<GroupOps, keyof GroupOps> as <K extends keyof GroupOps>(
  op: K,
  ...args: Parameters<GroupOps[K]>
) => Plan<GroupOps, ReturnType<GroupOps[K]>>;
const askFlush = askOp<FlushOps, keyof FlushOps> as <K extends keyof FlushOps>(
  op: K,
  ...args: Parameters<FlushOps[K]>
) => Plan<FlushOps, ReturnType<FlushOps[K]>>;

/** The group_by values of a route group's key (`[[name, value], ...]`), for a match made without its labels. */
function keyLabels(key: string): Labels {
  try {
    return Object.fromEntries(JSON.parse(key) as Array<[string, string]>);
  } catch {
    return {};
  }
}

const byName = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The group an alert joins on a route. Its labels are the route's group labels restricted to the
 * alert's own labels (routing also sees `event` and `score`, which are no part of an alert); a
 * route without `group_by` holds each alert in a group of its own, flushed as it changes.
 */
export function groupFor(
  match: RouteMatch,
  alert: AlertIdentity | null,
): Omit<AlertGroup, 'nextFlush' | 'flushed' | 'destinations' | 'emptiedAt'> {
  const routeKey = match.key ?? (match.path === 'root' ? '{}' : match.path);
  const base = {
    route: match.path,
    receiver: match.receiver ?? null,
    repeatMs: match.repeatIntervalMs,
  };
  if (!match.group) {
    const labels = alert?.labels ?? {};
    return {
      ...base,
      key: `fp:${alert?.fingerprint ?? ''}`,
      amKey: groupKeyOf(routeKey, labels),
      labels,
      waitMs: 0,
      intervalMs: GROUP_INTERVAL_MS,
      ungrouped: true,
    };
  }
  const entries = Object.entries(match.group.labels ?? keyLabels(match.group.key))
    .filter(([name, value]) => value !== '' && (alert === null || alert.labels[name] === value))
    .sort(byName);
  const labels = Object.fromEntries(entries);
  return {
    ...base,
    key: JSON.stringify(entries),
    amKey: groupKeyOf(routeKey, labels),
    labels,
    waitMs: match.group.waitMs,
    intervalMs: match.group.intervalMs,
    ungrouped: false,
  };
}

/**
 * The alert joins its group on this route (Alertmanager's dispatcher: processAlert, then
 * aggrGroup.insert): a new group flushes group_wait after the alert arrived, or at once when it started
 * longer than group_wait ago and the group has not flushed yet; an existing group keeps its
 * rhythm (an emptied one that still lives, its next tick); a group without `group_by` flushes now.
 * Returns the group and its next flush.
 */
export function* joinGroup(join: {
  match: RouteMatch;
  alert: AlertIdentity;
  /** The destinations that take the group's notifications. */
  destinations: string[];
  alertId: number;
  /** When the alert arrived (a new group's wait counts from it). */
  arrived: number;
  now: number;
}): Plan<GroupOps, { group: AlertGroup; id: string }> {
  const { match, alert, destinations, alertId, arrived, now } = join;
  const shape = groupFor(match, alert);
  const ref = { route: shape.route, key: shape.key };
  const found = yield* askGroup('getGroup', ref);
  // Emptied long enough ago, Alertmanager's cleanup has removed it: this alert starts a new one.
  const gone = found !== null && found.emptiedAt !== null && now >= found.emptiedAt + GROUP_CLEANUP_MS;
  const current = gone ? null : found;
  const late = alert.startsAt + shape.waitMs < arrived;
  const nextFlush =
    shape.ungrouped || (late && current?.flushed !== true)
      ? now
      : current
        ? current.emptiedAt === null
          ? current.nextFlush
          : nextTick(current.emptiedAt, flushStep(shape), now, true)
        : Math.min(arrived, now) + shape.waitMs;
  const group: AlertGroup = {
    ...shape,
    destinations,
    nextFlush,
    flushed: current?.flushed ?? false,
    emptiedAt: null,
  };
  yield* askGroup('putGroup', group);
  yield* askGroup('putGroupAlert', { group: ref, alert, alertId, now });
  return { group, id: `${shape.route}\n${shape.key}\n${alert.fingerprint}` };
}

/** The key of one group notification: the same on every retry and replay of it. */
function notificationKey(route: string, key: string, destination: string, tick: number): string {
  const digest = createHash('sha256').update(`${route}\0${key}\0${destination}\0${tick}`).digest('base64url');
  return `grp_${digest.slice(0, 32)}`;
}

/** What the flush pass is told by the running configuration, decided before its transaction. */
export interface FlushJudge {
  /** Held now by a silence or an inhibit rule (over the alert's routing labels). */
  muted(route: string, alert: GroupAlert): boolean;
  routeMuted(route: string, now: number): boolean;
  sendResolved(destination: string): boolean;
}

const FLUSH_BATCH = 200;

/**
 * One flush pass: every due group is flushed (`decideFlush`), its notifications written as
 * pending outbox rows, its log, alerts and next flush updated, all in the pass's transaction.
 * Returns the notifications' rows, for the outbox to send at once.
 */
export function* flushPlan(now: number, judge: FlushJudge): Plan<FlushOps, DeliveryRow[]> {
  const groups = yield* askFlush('dueGroups', { now, limit: FLUSH_BATCH });
  const made: DeliveryRow[] = [];
  for (const group of groups) {
    const ref = { route: group.route, key: group.key };
    const alerts = yield* askFlush('groupAlerts', ref);
    const logs = yield* askFlush('notifyLogs', ref);
    const decision = decideFlush({
      group,
      alerts,
      logs: new Map(logs.map((l) => [l.destination, l])),
      tick: group.nextFlush,
      now,
      muted: (alert) => judge.muted(group.route, alert),
      routeMuted: judge.routeMuted(group.route, now),
      sendResolved: (destination) => judge.sendResolved(destination),
    });
    for (const { destination, notification, alertId } of decision.notifications) {
      const row = yield* askFlush('insertNotification', {
        alertId,
        destination,
        route: group.route,
        groupKey: `${group.route} ${group.key}`,
        idempotencyKey: notificationKey(group.route, group.key, destination, group.nextFlush),
        payload: JSON.stringify(notification),
        now,
      });
      made.push(row);
    }
    for (const log of decision.logs) yield* askFlush('putNotifyLog', ref, log);
    for (const alert of decision.drop) yield* askFlush('dropGroupAlert', ref, alert.fingerprint);
    if (decision.nextFlush === null) yield* askFlush('endGroup', ref);
    else {
      const { nextFlush, emptiedAt } = decision;
      yield* askFlush('setFlush', ref, { nextFlush, emptiedAt });
    }
  }
  return made;
}
