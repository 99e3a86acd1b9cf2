import type { DatabaseSync } from 'node:sqlite';
import type { IngestOps } from './ingest-plan.ts';
import { SILENCES_VERSION } from './silence-store.ts';
import { sqliteGroupOps } from './sqlite-group-ops.ts';

/** The ingest plan's operations as SQLite statements, run inside the group commit's transaction. */
export function sqliteIngestOps(db: DatabaseSync): IngestOps {
  const insertAlert = db.prepare(
    `INSERT INTO alerts (source, webhook_id, event_type, known, body, received_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (source, webhook_id) DO NOTHING RETURNING id`,
  );
  const insertDelivery = db.prepare(
    `INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at, updated_at, group_key)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const startFiring = db.prepare(
    `INSERT INTO firing (route, scope, alert_id, destinations, repeat_ms, next_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (route, scope) DO UPDATE SET alert_id = excluded.alert_id,
       destinations = excluded.destinations, repeat_ms = excluded.repeat_ms, next_at = excluded.next_at`,
  );
  const stopFiring = db.prepare('DELETE FROM firing WHERE scope = ?');
  const startTracker = db.prepare(
    `INSERT INTO tracker_firing (tracker_id, alert_id) VALUES (?, ?)
     ON CONFLICT (tracker_id) DO UPDATE SET alert_id = excluded.alert_id`,
  );
  const stopTracker = db.prepare('DELETE FROM tracker_firing WHERE tracker_id = ?');
  const currentAlert = db.prepare(
    `SELECT f.alert_id, COALESCE(f.body, a.body) AS body FROM tracker_firing f JOIN alerts a ON a.id = f.alert_id
      WHERE f.tracker_id = ?`,
  );
  const putAlertState = db.prepare(
    `INSERT INTO tracker_firing (tracker_id, alert_id, body, ends_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (tracker_id) DO UPDATE SET alert_id = excluded.alert_id, body = excluded.body,
       ends_at = excluded.ends_at`,
  );
  const silencesVersion = db.prepare(`SELECT ${SILENCES_VERSION} AS v`);
  return {
    ...sqliteGroupOps(db),
    silencesVersion: () => Number((silencesVersion.get() as { v: number }).v),
    insertAlert(a) {
      const row = insertAlert.get(
        a.source,
        a.webhookId,
        a.eventType,
        a.known ? 1 : 0,
        a.body,
        a.receivedAt,
      ) as { id: number } | undefined;
      return row ? Number(row.id) : null;
    },
    insertDelivery(d) {
      const { alertId, destination, route, idempotencyKey, state, nextAttemptAt, createdAt, groupKey } = d;
      const row = insertDelivery.get(
        alertId,
        destination,
        route,
        idempotencyKey,
        state,
        nextAttemptAt,
        createdAt,
        createdAt,
        groupKey,
      ) as { id: number };
      return Number(row.id);
    },
    startFiring: (f) =>
      void startFiring.run(f.route, f.scope, f.alertId, f.destinations, f.repeatMs, f.nextAt),
    stopFiring: (scope) => void stopFiring.run(scope),
    startTracker: (trackerId, alertId) => void startTracker.run(trackerId, alertId),
    stopTracker: (trackerId) => void stopTracker.run(trackerId),
    currentAlert(scope) {
      const row = currentAlert.get(scope) as { alert_id: number; body: string } | undefined;
      return row ? { alertId: Number(row.alert_id), body: String(row.body) } : null;
    },
    putAlertState: (s) => void putAlertState.run(s.scope, s.alertId, s.body, s.endsAt),
  };
}
