import type { RouteGroup } from '../router/types.ts';
import { idempotencyKey } from './idempotency-key.ts';
import { ask as askOp, type Plan } from './plan.ts';
import type { DeliveryRow, DeliveryState, IngestItem, IngestResult } from './types.ts';

/** What an ingest asks of a store, inside one transaction. */
export interface IngestOps {
  /** The new alert's id; null when (source, webhook id) is already stored. */
  insertAlert(
    source: string,
    webhookId: string,
    eventType: string,
    known: boolean,
    body: string,
    now: number,
  ): number | null;
  /** The new outbox row's id. `pending` rows may be claimed by the inserting process at once. */
  insertDelivery(
    alertId: number,
    destination: string,
    route: string,
    key: string,
    state: DeliveryState,
    nextAttemptAt: number,
    now: number,
    groupKey: string | null,
  ): number;
  /** (route, tracker) fires from this alert on; its next repeat is at `nextAt`. Upsert. */
  startFiring(
    route: string,
    scope: string,
    alertId: number,
    destinations: string,
    repeatMs: number,
    nextAt: number,
  ): void;
  stopFiring(scope: string): void;
  /** The tracker's latest tracker.alert (inhibit_rules' sources). Upsert. */
  startTracker(trackerId: string, alertId: number): void;
  stopTracker(trackerId: string): void;
  /** The group's next notification time, and whether any tracker is firing in it. */
  groupAt(route: string, key: string): { nextFlush: number; firing: boolean } | null;
  setGroup(route: string, key: string, nextFlush: number): void;
  joinGroup(route: string, key: string, trackerId: string): void;
  leaveGroups(trackerId: string): void;
}

const ask = askOp<IngestOps, keyof IngestOps> as <K extends keyof IngestOps>(
  op: K,
  ...args: Parameters<IngestOps[K]>
) => Plan<IngestOps, ReturnType<IngestOps[K]>>;

/**
 * When an alert joining `group` on `route` is notified (Alertmanager's dispatcher): a new group
 * (or one whose trackers have all resolved) after group_wait; a group whose notification is still
 * to come, with it; otherwise at the group's next group_interval tick.
 */
function* flushTime(route: string, group: RouteGroup, now: number): Plan<IngestOps, number> {
  const current = yield* ask('groupAt', route, group.key);
  if (current && current.nextFlush >= now) return current.nextFlush;
  const at =
    current?.firing === true
      ? current.nextFlush +
        Math.max(1, Math.ceil((now - current.nextFlush) / group.intervalMs)) * group.intervalMs
      : now + group.waitMs;
  yield* ask('setGroup', route, group.key, at);
  return at;
}

/**
 * Store the alert under its unique (source, webhook-id) key and, only if it is new, its outbox
 * rows. A duplicate inserts nothing and routes nothing.
 *
 * A new alert is always sent (never held back by repeat_interval); it starts or refreshes the
 * firing state of each matched route with a repeat interval, which the repeat plan re-sends from.
 */
export function* ingestPlan(item: IngestItem, now: number): Plan<IngestOps, IngestResult> {
  const alertId = yield* ask(
    'insertAlert',
    item.source,
    item.webhookId,
    item.eventType,
    item.known,
    item.body,
    now,
  );
  if (alertId === null) return { duplicate: true, alertId: null, deliveries: 0, pending: [] };
  if (item.resolves !== null) {
    yield* ask('stopFiring', item.resolves);
    yield* ask('stopTracker', item.resolves);
  }
  if (item.repeatScope !== null) yield* ask('startTracker', item.repeatScope, alertId);
  // One row per destination (the idempotency key is per destination): a route that delivers
  // wins over a held one, so a muted route never blocks a `continue` sibling to the same place.
  const rows = new Map<string, { path: string; state: DeliveryState; at: number; groupKey: string | null }>();
  for (const match of item.matches) {
    const state: DeliveryState = match.held ?? (match.muted ? 'muted' : 'pending');
    // A grouped alert waits for its group's notification; a held one is never sent, so it has none.
    const at = match.group && state === 'pending' ? yield* flushTime(match.path, match.group, now) : now;
    const groupKey = match.group ? `${match.path} ${match.group.key}` : null;
    if (match.group && item.repeatScope !== null)
      yield* ask('joinGroup', match.path, match.group.key, item.repeatScope);
    for (const destination of match.destinations) {
      const prev = rows.get(destination);
      if (!prev || (prev.state !== 'pending' && state === 'pending'))
        rows.set(destination, { path: match.path, state, at, groupKey });
    }
    if (match.repeatIntervalMs > 0 && item.repeatScope !== null && match.destinations.length > 0) {
      yield* ask(
        'startFiring',
        match.path,
        item.repeatScope,
        alertId,
        JSON.stringify(match.destinations),
        match.repeatIntervalMs,
        now + match.repeatIntervalMs,
      );
    }
  }
  const pending: DeliveryRow[] = [];
  for (const [destination, { path, state, at, groupKey }] of rows) {
    const key = idempotencyKey(item.source, item.webhookId, destination);
    const id = yield* ask('insertDelivery', alertId, destination, path, key, state, at, now, groupKey);
    if (state !== 'pending') continue;
    pending.push({
      id,
      alertId,
      destination,
      route: path,
      idempotencyKey: key,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: at,
      lastStatus: null,
      lastError: null,
      createdAt: now,
      updatedAt: now,
      deliveredAt: null,
      groupKey,
      source: item.source,
      webhookId: item.webhookId,
      eventType: item.eventType,
      body: item.body,
      receivedAt: now,
    });
  }
  // After the resolve itself joined its group's notification: the tracker leaves its groups.
  if (item.resolves !== null) yield* ask('leaveGroups', item.resolves);
  return { duplicate: false, alertId, deliveries: pending.length, pending };
}
