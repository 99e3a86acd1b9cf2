import { type AlertIdentity, alertIdentity } from '../alerts/alert-identity.ts';
import { type AlertmanagerAlertEvent, isAlertmanagerAlert } from '../events/alertmanager-alert.ts';
import { mergePostedAlert } from '../events/merge-posted-alert.ts';
import type { AlertEvent } from '../events/types.ts';
import { type GroupOps, groupFor, joinGroup } from './group-plan.ts';
import { idempotencyKey } from './idempotency-key.ts';
import { ask as askOp, type Plan } from './plan.ts';
import type { DeliveryRow, DeliveryState, IngestGrouping, IngestItem, IngestResult } from './types.ts';

/** What an ingest asks of a store, inside one transaction. */
export interface IngestOps extends GroupOps {
  /** The store's silences version now (it moves with every silence written, by any process). */
  silencesVersion(): number;
  /** The new alert's id; null when (source, webhook id) is already stored. */
  insertAlert(alert: NewAlert): number | null;
  /** The new outbox row's id. `pending` rows may be claimed by the inserting process at once. */
  insertDelivery(row: NewDelivery): number;
  /** (route, tracker) fires from this alert on; its next repeat is at `nextAt`. Upsert. */
  startFiring(firing: NewFiring): void;
  stopFiring(scope: string): void;
  /** The tracker's latest tracker.alert (inhibit_rules' sources). Upsert. */
  startTracker(trackerId: string, alertId: number): void;
  stopTracker(trackerId: string): void;
  /**
   * A posted alert as kept for its labels (`scope`), ended or not, with the stored event it hangs
   * from; null when none is kept. On PostgreSQL the row is locked for the rest of the transaction.
   */
  currentAlert(scope: string): { alertId: number; body: string } | null;
  /** Keeps a posted alert as merged (`body`), ending at `endsAt` (null: fires until resolved). Upsert. */
  putAlertState(state: { scope: string; alertId: number; body: string; endsAt: number | null }): void;
}

export interface NewAlert {
  source: string;
  webhookId: string;
  eventType: string;
  known: boolean;
  body: string;
  receivedAt: number;
}

export interface NewDelivery {
  alertId: number;
  destination: string;
  route: string;
  idempotencyKey: string;
  state: DeliveryState;
  nextAttemptAt: number;
  createdAt: number;
  groupKey: string | null;
}

export interface NewFiring {
  route: string;
  scope: string;
  alertId: number;
  /** The destinations repeated to (JSON names). */
  destinations: string;
  repeatMs: number;
  nextAt: number;
}

const ask = askOp<IngestOps, keyof IngestOps> as <K extends keyof IngestOps>(
  op: K,
  ...args: Parameters<IngestOps[K]>
) => Plan<IngestOps, ReturnType<IngestOps[K]>>;

/** What one ingest stores and routes: the item's own event, or a posted alert as merged. */
interface Stored {
  webhookId: string;
  body: string;
  /** The alert's id when stored now; else, for a posted alert sent again, the kept alert's. */
  alertId: number;
  /** Stored now: the destinations that take each event get it (when `ownRows`). */
  fresh: boolean;
  ownRows: boolean;
  repeatScope: string | null;
  grouping: IngestGrouping | undefined;
}

/**
 * A posted alert merged with the one kept for its labels (Alertmanager's provider `Put`), stored
 * under `<fingerprint>:<startsAt>:<status>` the first time, and kept as merged whether stored now
 * or before. Null when it was stored before and nothing is kept for it (nothing to update).
 */
function* storePosted(
  item: IngestItem,
  posted: NonNullable<IngestItem['posted']>,
  now: number,
): Plan<IngestOps, Stored | null> {
  const current = yield* ask('currentAlert', posted.scope);
  const event = mergePostedAlert(keptAlert(current?.body), posted.event, now);
  const { fingerprint, startsAt, status, endsAt } = event.data;
  const webhookId = `${fingerprint}:${startsAt}:${status}`;
  const body = JSON.stringify(event);
  const inserted = yield* ask('insertAlert', { ...alertOf(item, now), webhookId, body });
  const alertId = inserted ?? current?.alertId ?? null;
  if (alertId === null) return null;
  const firing = status === 'firing';
  const end = endsAt === null ? null : Date.parse(endsAt);
  yield* ask('putAlertState', { scope: posted.scope, alertId, body, endsAt: end });
  // Its resolve, stored now, ends its repeats.
  if (inserted !== null && !firing) yield* ask('stopFiring', posted.scope);
  const given = item.grouping;
  // Worked out on first read, as the item's own (most alerts never need it).
  let identity: AlertIdentity | null | undefined;
  return {
    webhookId,
    body,
    alertId,
    fresh: inserted !== null,
    // A resolve of an alert never kept here goes to none of them (none was told it fired).
    ownRows: inserted !== null && (firing || current !== null),
    repeatScope: firing ? posted.scope : null,
    grouping: given && {
      at: given.at,
      trackerId: given.trackerId,
      resolve: given.resolve,
      destinations: given.destinations,
      get alert() {
        if (identity === undefined) identity = alertIdentity(event, now);
        return identity;
      },
    },
  };
}

/** The alert kept for a scope, when it is one posted in Alertmanager's shape. */
function keptAlert(body: string | undefined): AlertmanagerAlertEvent | null {
  if (body === undefined) return null;
  try {
    const event = JSON.parse(body) as AlertEvent;
    return isAlertmanagerAlert(event) ? event : null;
  } catch {
    return null;
  }
}

const alertOf = (item: IngestItem, now: number): NewAlert => ({
  source: item.source,
  webhookId: item.webhookId,
  eventType: item.eventType,
  known: item.known,
  body: item.body,
  receivedAt: now,
});

/** The item's own event, stored under its (source, webhook-id) key; null when stored before. */
function* storeEvent(item: IngestItem, now: number): Plan<IngestOps, Stored | null> {
  const alertId = yield* ask('insertAlert', alertOf(item, now));
  if (alertId === null) return null;
  if (item.resolves !== null) {
    yield* ask('stopFiring', item.resolves);
    yield* ask('stopTracker', item.resolves);
  }
  if (item.repeatScope !== null) yield* ask('startTracker', item.repeatScope, alertId);
  return {
    webhookId: item.webhookId,
    body: item.body,
    alertId,
    fresh: true,
    ownRows: true,
    repeatScope: item.repeatScope,
    grouping: item.grouping,
  };
}

/**
 * Store the alert under its unique (source, webhook-id) key and, only if it is new, what it
 * changes. A duplicate inserts nothing and routes nothing; a posted alert sent again still
 * updates the alert kept for its labels and its groups (see `IngestItem.posted`).
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
  const stored = item.posted ? yield* storePosted(item, item.posted, now) : yield* storeEvent(item, now);
  if (stored === null) return { duplicate: true, alertId: null, deliveries: 0, pending: [] };
  const { alertId, grouping } = stored;
  const { rows, flushAt } = yield* routeRows(item, stored, now);
  if (grouping?.trackerId) {
    const trackerId = grouping.trackerId;
    yield* ask('resolveTrackerAlerts', {
      trackerId,
      keep: rows.joined,
      at: now,
      alertId,
      summary: null,
      now,
    });
  }
  const pending: DeliveryRow[] = [];
  for (const [destination, { path, state, at, groupKey }] of rows.byDestination) {
    const key = idempotencyKey(item.source, stored.webhookId, destination);
    const id = yield* ask('insertDelivery', {
      alertId,
      destination,
      route: path,
      idempotencyKey: key,
      state,
      nextAttemptAt: at,
      createdAt: now,
      groupKey,
    });
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
      webhookId: stored.webhookId,
      eventType: item.eventType,
      body: stored.body,
      receivedAt: now,
    });
  }
  return {
    duplicate: !stored.fresh,
    ...(stored.fresh ? {} : { updated: true as const }),
    alertId: stored.fresh ? alertId : null,
    deliveries: pending.length,
    pending,
    ...(flushAt < Number.POSITIVE_INFINITY ? { flushAt } : {}),
  };
}

type Row = { path: string; state: DeliveryState; at: number; groupKey: string | null };

/**
 * The alert joins the groups of the routes it matches, and each destination gets its outbox row:
 * one per destination (the idempotency key is per destination), a route that delivers winning
 * over a held one, so a muted route never blocks a `continue` sibling to the same place. Returns
 * the rows, the group alerts joined, and the earliest flush of the groups joined or changed.
 */
function* routeRows(
  item: IngestItem,
  stored: Stored,
  now: number,
): Plan<IngestOps, { rows: { byDestination: Map<string, Row>; joined: string[] }; flushAt: number }> {
  const { alertId, grouping } = stored;
  const grouped = new Set(grouping?.destinations ?? []);
  // Read only where a group needs it: it may be worked out on first read.
  const identity = () => grouping?.alert ?? null;
  const resolve = grouping?.resolve ?? null;
  if (resolve) {
    const summary = JSON.stringify(resolve.summary);
    const { trackerId, at } = resolve;
    yield* ask('resolveTrackerAlerts', { trackerId, keep: [], at, alertId, summary, now });
  }
  // The group alerts this alert is in now: the tracker's others resolve.
  const joined: string[] = [];
  let flushAt = Number.POSITIVE_INFINITY;
  const byDestination = new Map<string, Row>();
  for (const match of item.matches) {
    const state: DeliveryState = match.held ?? (match.muted ? 'muted' : 'pending');
    const byGroup = grouped.size > 0 && (resolve !== null || identity() !== null);
    const notified = byGroup ? match.destinations.filter((d) => grouped.has(d)) : [];
    let flush: number | null = null;
    let groupKey: string | null = null;
    const alert = match.group || notified.length > 0 ? identity() : null;
    if (alert) {
      const arrived = grouping?.at ?? now;
      const { group, id } = yield* joinGroup({ match, alert, destinations: notified, alertId, arrived, now });
      joined.push(id);
      flush = group.nextFlush;
      flushAt = Math.min(flushAt, group.nextFlush);
      groupKey = `${group.route} ${group.key}`;
    } else if (match.group) {
      const shape = groupFor(match, null);
      flush = (yield* ask('getGroup', { route: shape.route, key: shape.key }))?.nextFlush ?? null;
      groupKey = `${shape.route} ${shape.key}`;
    }
    if (!stored.fresh) continue;
    // Sent by the group's flushes; a held alert leaves its held state on record.
    for (const destination of notified) {
      if (state === 'pending' || resolve) continue;
      if (!byDestination.has(destination))
        byDestination.set(destination, { path: match.path, state, at: now, groupKey });
    }
    if (!stored.ownRows) continue;
    const own = match.destinations.filter((d) => !notified.includes(d));
    // An event goes with its group's next flush, or at once when the group has none to come.
    const at = match.group && state === 'pending' ? Math.max(flush ?? now, now) : now;
    for (const destination of own) {
      const prev = byDestination.get(destination);
      if (!prev || (prev.state !== 'pending' && state === 'pending'))
        byDestination.set(destination, {
          path: match.path,
          state,
          at,
          groupKey: match.group ? groupKey : null,
        });
    }
    if (match.repeatIntervalMs > 0 && stored.repeatScope !== null && own.length > 0) {
      // Repeats count from the first send, not from receipt (the group may hold it back).
      yield* ask('startFiring', {
        route: match.path,
        scope: stored.repeatScope,
        alertId,
        destinations: JSON.stringify(own),
        repeatMs: match.repeatIntervalMs,
        nextAt: at + match.repeatIntervalMs,
      });
    }
  }
  // A resolve (or a tracker's alert ending its earlier ones) changes groups without joining them:
  // they flush at their tick, or now when ungrouped.
  if (resolve || grouping?.trackerId) flushAt = Math.min(flushAt, now);
  return { rows: { byDestination, joined }, flushAt };
}
