import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { idempotencyKey } from './idempotency-key.ts';
import type { DeliveryRow, IngestItem, IngestResult } from './types.ts';

export interface IngestStatements {
  insertAlert: StatementSync;
  insertDelivery: StatementSync;
  startFiring: StatementSync;
  stopFiring: StatementSync;
  startTracker: StatementSync;
  stopTracker: StatementSync;
}

export function prepareIngest(db: DatabaseSync): IngestStatements {
  return {
    insertAlert: db.prepare(
      `INSERT INTO alerts (source, webhook_id, event_type, known, body, received_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (source, webhook_id) DO NOTHING RETURNING id`,
    ),
    insertDelivery: db.prepare(
      `INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
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
  };
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
  const rows = new Map<string, { path: string; state: string }>();
  for (const match of item.matches) {
    const state = match.held ?? (match.muted ? 'muted' : 'pending');
    for (const destination of match.destinations) {
      const prev = rows.get(destination);
      if (!prev || (prev.state !== 'pending' && state === 'pending'))
        rows.set(destination, { path: match.path, state });
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
  for (const [destination, { path, state }] of rows) {
    const key = idempotencyKey(item.source, item.webhookId, destination);
    const made = s.insertDelivery.get(alertId, destination, path, key, state, now, now, now) as
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
        nextAttemptAt: now,
        lastStatus: null,
        lastError: null,
        createdAt: now,
        updatedAt: now,
        deliveredAt: null,
        source: item.source,
        webhookId: item.webhookId,
        eventType: item.eventType,
        body: item.body,
        receivedAt: now,
      });
    }
  }
  return { duplicate: false, alertId, deliveries: pending.length, pending };
}
