import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { RouteGroup } from '../router/types.ts';
import { idempotencyKey } from './idempotency-key.ts';
import type { DeliveryRow, IngestItem, IngestResult } from './types.ts';

export interface IngestStatements {
  insertAlert: StatementSync;
  insertDelivery: StatementSync;
  startFiring: StatementSync;
  stopFiring: StatementSync;
  startTracker: StatementSync;
  stopTracker: StatementSync;
  groupAt: StatementSync;
  setGroup: StatementSync;
  joinGroup: StatementSync;
  leaveGroups: StatementSync;
}

export function prepareIngest(db: DatabaseSync): IngestStatements {
  return {
    insertAlert: db.prepare(
      `INSERT INTO alerts (source, webhook_id, event_type, known, body, received_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (source, webhook_id) DO NOTHING RETURNING id`,
    ),
    insertDelivery: db.prepare(
      `INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at, updated_at, group_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    ),
    // A new alert was just notified (or muted): the next repeat is one interval from now.
    startFiring: db.prepare(
      `INSERT INTO firing (route, scope, alert_id, destinations, repeat_ms, next_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (route, scope) DO UPDATE SET alert_id = excluded.alert_id,
         destinations = excluded.destinations, repeat_ms = excluded.repeat_ms, next_at = excluded.next_at`,
    ),
    stopFiring: db.prepare('DELETE FROM firing WHERE scope = ?'),
    startTracker: db.prepare(
      `INSERT INTO tracker_firing (tracker_id, alert_id) VALUES (?, ?)
       ON CONFLICT (tracker_id) DO UPDATE SET alert_id = excluded.alert_id`,
    ),
    stopTracker: db.prepare('DELETE FROM tracker_firing WHERE tracker_id = ?'),
    groupAt: db.prepare(
      `SELECT next_flush, EXISTS (SELECT 1 FROM alert_group_members m WHERE m.route = g.route AND m.group_key = g.group_key)
         AS firing FROM alert_groups g WHERE route = ? AND group_key = ?`,
    ),
    setGroup: db.prepare(
      `INSERT INTO alert_groups (route, group_key, next_flush) VALUES (?, ?, ?)
       ON CONFLICT (route, group_key) DO UPDATE SET next_flush = excluded.next_flush`,
    ),
    joinGroup: db.prepare(
      'INSERT INTO alert_group_members (route, group_key, tracker_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    leaveGroups: db.prepare('DELETE FROM alert_group_members WHERE tracker_id = ?'),
  };
}

/**
 * When an alert joining `group` on `route` is notified (Alertmanager's dispatcher): a new group
 * (or one whose trackers have all resolved) after group_wait; a group whose notification is still
 * to come, with it; otherwise at the group's next group_interval tick.
 */
function flushTime(s: IngestStatements, route: string, group: RouteGroup, now: number): number {
  const current = s.groupAt.get(route, group.key) as { next_flush: number; firing: number } | undefined;
  let at: number;
  if (current && Number(current.next_flush) >= now) return Number(current.next_flush);
  if (current && Number(current.firing) === 1) {
    const last = Number(current.next_flush);
    at = last + Math.max(1, Math.ceil((now - last) / group.intervalMs)) * group.intervalMs;
  } else at = now + group.waitMs;
  s.setGroup.run(route, group.key, at);
  return at;
}

/**
 * Inside the caller's transaction: store the alert under its unique (source, webhook-id) key
 * and, only if it is new, its outbox rows. A duplicate inserts nothing and routes nothing.
 *
 * A new alert is always sent (never held back by repeat_interval); it starts or refreshes the
 * firing state of each matched route with a repeat interval, which `repeatDue` re-sends from.
 */
export function ingestOne(s: IngestStatements, item: IngestItem, now: number): IngestResult {
  const inserted = s.insertAlert.get(
    item.source,
    item.webhookId,
    item.eventType,
    item.known ? 1 : 0,
    item.body,
    now,
  ) as { id: number } | undefined;
  if (!inserted) return { duplicate: true, alertId: null, deliveries: 0, pending: [] };
  const alertId = Number(inserted.id);
  if (item.resolves !== null) {
    s.stopFiring.run(item.resolves);
    s.stopTracker.run(item.resolves);
  }
  if (item.repeatScope !== null) s.startTracker.run(item.repeatScope, alertId);
  // One row per destination (the idempotency key is per destination): a route that delivers
  // wins over a held one, so a muted route never blocks a `continue` sibling to the same place.
  const rows = new Map<string, { path: string; state: string; at: number; groupKey: string | null }>();
  for (const match of item.matches) {
    const state = match.held ?? (match.muted ? 'muted' : 'pending');
    // A grouped alert waits for its group's notification; a held one is never sent, so it has none.
    const at = match.group && state === 'pending' ? flushTime(s, match.path, match.group, now) : now;
    const groupKey = match.group ? `${match.path} ${match.group.key}` : null;
    if (match.group && item.repeatScope !== null)
      s.joinGroup.run(match.path, match.group.key, item.repeatScope);
    for (const destination of match.destinations) {
      const prev = rows.get(destination);
      if (!prev || (prev.state !== 'pending' && state === 'pending'))
        rows.set(destination, { path: match.path, state, at, groupKey });
    }
    if (match.repeatIntervalMs > 0 && item.repeatScope !== null && match.destinations.length > 0) {
      s.startFiring.run(
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
    const made = s.insertDelivery.get(alertId, destination, path, key, state, at, now, now, groupKey) as
      | { id: number }
      | undefined;
    if (made && state === 'pending') {
      pending.push({
        id: Number(made.id),
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
  }
  // After the resolve itself joined its group's notification: the tracker leaves its groups.
  if (item.resolves !== null) s.leaveGroups.run(item.resolves);
  return { duplicate: false, alertId, deliveries: pending.length, pending };
}
