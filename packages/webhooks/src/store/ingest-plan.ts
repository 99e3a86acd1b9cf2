import { type GroupOps, groupFor, joinGroup } from './group-plan.ts';
import { idempotencyKey } from './idempotency-key.ts';
import { ask as askOp, type Plan } from './plan.ts';
import type { DeliveryRow, DeliveryState, IngestItem, IngestResult } from './types.ts';

/** What an ingest asks of a store, inside one transaction. */
export interface IngestOps extends GroupOps {
  /** The store's silences version now (it moves with every silence written, by any process). */
  silencesVersion(): number;
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
}

const ask = askOp<IngestOps, keyof IngestOps> as <K extends keyof IngestOps>(
  op: K,
  ...args: Parameters<IngestOps[K]>
) => Plan<IngestOps, ReturnType<IngestOps[K]>>;

/**
 * Store the alert under its unique (source, webhook-id) key and, only if it is new, what it
 * changes. A duplicate inserts nothing and routes nothing.
 *
 * Alertmanager's aggregation groups: an alert (a `tracker.alert`, or one posted in Alertmanager's
 * shape) joins the group of each route it matches (`joinGroup`); a tracker's new alert resolves
 * its alerts in the groups it no longer joins, and its `tracker.alert.resolved` resolves them all.
 * Destinations that take group notifications (`grouping.destinations`: chat, webhook) are sent to
 * by the group's flushes, not per event; a held alert still leaves them a row in its held state,
 * so what happened to it stays visible.
 *
 * The other destinations get the event itself, each as its own outbox row: at once, or on a
 * grouping route with the group's next flush. While a tracker fires through a route with a
 * repeat interval, its latest event is sent to them again every interval from that first send.
 */
export function* ingestPlan(item: IngestItem, now: number): Plan<IngestOps, IngestResult> {
  // Held states judged with silences that have changed since: nothing is stored, the caller judges again.
  if (item.silencesVersion !== undefined && (yield* ask('silencesVersion')) !== item.silencesVersion)
    return { duplicate: false, stale: true, alertId: null, deliveries: 0, pending: [] };
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
  const grouping = item.grouping;
  const grouped = new Set(grouping?.destinations ?? []);
  // Read only where a group needs it: it may be worked out on first read.
  const identity = () => grouping?.alert ?? null;
  const resolve = grouping?.resolve ?? null;
  if (resolve) {
    const summary = JSON.stringify(resolve.summary);
    yield* ask('resolveTrackerAlerts', resolve.trackerId, [], resolve.at, alertId, summary, now);
  }
  // The group alerts this alert is in now: the tracker's others resolve.
  const joined: string[] = [];
  let flushAt = Number.POSITIVE_INFINITY;
  // One row per destination (the idempotency key is per destination): a route that delivers
  // wins over a held one, so a muted route never blocks a `continue` sibling to the same place.
  const rows = new Map<string, { path: string; state: DeliveryState; at: number; groupKey: string | null }>();
  for (const match of item.matches) {
    const state: DeliveryState = match.held ?? (match.muted ? 'muted' : 'pending');
    const byGroup = grouped.size > 0 && (resolve !== null || identity() !== null);
    const notified = byGroup ? match.destinations.filter((d) => grouped.has(d)) : [];
    let flush: number | null = null;
    let groupKey: string | null = null;
    const alert = match.group || notified.length > 0 ? identity() : null;
    if (alert) {
      const { group, id } = yield* joinGroup(match, alert, notified, alertId, grouping?.at ?? now, now);
      joined.push(id);
      flush = group.nextFlush;
      flushAt = Math.min(flushAt, group.nextFlush);
      groupKey = `${group.route} ${group.key}`;
    } else if (match.group) {
      const shape = groupFor(match, null);
      flush = (yield* ask('getGroup', shape.route, shape.key))?.nextFlush ?? null;
      groupKey = `${shape.route} ${shape.key}`;
    }
    // Sent by the group's flushes; a held alert leaves its held state on record.
    for (const destination of notified) {
      if (state === 'pending' || resolve) continue;
      if (!rows.has(destination)) rows.set(destination, { path: match.path, state, at: now, groupKey });
    }
    const own = match.destinations.filter((d) => !notified.includes(d));
    // An event goes with its group's next flush, or at once when the group has none to come.
    const at = match.group && state === 'pending' ? Math.max(flush ?? now, now) : now;
    for (const destination of own) {
      const prev = rows.get(destination);
      if (!prev || (prev.state !== 'pending' && state === 'pending'))
        rows.set(destination, { path: match.path, state, at, groupKey: match.group ? groupKey : null });
    }
    if (match.repeatIntervalMs > 0 && item.repeatScope !== null && own.length > 0) {
      // Repeats count from the first send, not from receipt (the group may hold it back).
      yield* ask(
        'startFiring',
        match.path,
        item.repeatScope,
        alertId,
        JSON.stringify(own),
        match.repeatIntervalMs,
        at + match.repeatIntervalMs,
      );
    }
  }
  if (grouping?.trackerId) {
    yield* ask('resolveTrackerAlerts', grouping.trackerId, joined, now, alertId, null, now);
    flushAt = Math.min(flushAt, now);
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
      payload: null,
      source: item.source,
      webhookId: item.webhookId,
      eventType: item.eventType,
      body: item.body,
      receivedAt: now,
    });
  }
  // A resolve (or a tracker's alert ending its earlier ones) changes groups without joining them:
  // they flush at their tick, or now when ungrouped.
  if (resolve) flushAt = Math.min(flushAt, now);
  return {
    duplicate: false,
    alertId,
    deliveries: pending.length,
    pending,
    ...(flushAt < Number.POSITIVE_INFINITY ? { flushAt } : {}),
  };
}
