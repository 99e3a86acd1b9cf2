import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { idempotencyKey } from './idempotency-key.ts';
import type { IngestItem, IngestResult } from './types.ts';

export interface IngestStatements {
  insertAlert: StatementSync;
  insertDelivery: StatementSync;
  lastSent: StatementSync;
  touchRepeat: StatementSync;
  clearRepeat: StatementSync;
}

export function prepareIngest(db: DatabaseSync): IngestStatements {
  return {
    insertAlert: db.prepare(
      `INSERT INTO alerts (source, webhook_id, event_type, known, body, received_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (source, webhook_id) DO NOTHING RETURNING id`,
    ),
    insertDelivery: db.prepare(
      `INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
    ),
    lastSent: db.prepare(
      'SELECT last_at FROM repeat_state WHERE route = ? AND destination = ? AND scope = ?',
    ),
    touchRepeat: db.prepare(
      `INSERT INTO repeat_state (route, destination, scope, last_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (route, destination, scope) DO UPDATE SET last_at = excluded.last_at`,
    ),
    clearRepeat: db.prepare("DELETE FROM repeat_state WHERE scope LIKE ? ESCAPE '\\'"),
  };
}

/**
 * Inside the caller's transaction: store the alert under its unique (source, webhook-id) key
 * and, only if it is new, its outbox rows. A duplicate inserts nothing and routes nothing.
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
  if (!inserted) return { duplicate: true, alertId: null, deliveries: 0 };
  const alertId = Number(inserted.id);
  if (item.resolves !== null) s.clearRepeat.run(`${item.resolves.replace(/[\\%_]/g, '\\$&')}:%`);
  let deliveries = 0;
  for (const match of item.matches) {
    for (const destination of match.destinations) {
      let state = match.muted ? 'muted' : 'pending';
      if (state === 'pending' && match.repeatIntervalMs > 0 && item.repeatScope !== null) {
        const last = s.lastSent.get(match.path, destination, item.repeatScope) as
          | { last_at: number }
          | undefined;
        if (last && now - Number(last.last_at) < match.repeatIntervalMs) state = 'suppressed';
        else s.touchRepeat.run(match.path, destination, item.repeatScope, now);
      }
      const key = idempotencyKey(item.source, item.webhookId, destination);
      const result = s.insertDelivery.run(alertId, destination, match.path, key, state, now, now, now);
      if (state === 'pending') deliveries += Number(result.changes);
    }
  }
  return { duplicate: false, alertId, deliveries };
}
