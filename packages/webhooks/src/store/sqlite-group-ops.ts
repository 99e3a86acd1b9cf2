import type { DatabaseSync } from 'node:sqlite';
import type { FlushOps, GroupOps } from './group-plan.ts';
import { GROUP_ALERT_COLUMNS, GROUP_COLUMNS, toAlertGroup, toGroupAlert, toNotifyLog } from './group-rows.ts';
import { DELIVERY_COLUMNS, nullableNumber, type Row, rowToDelivery } from './row-to-delivery.ts';

/** Joining and leaving Alertmanager's aggregation groups, as SQLite statements (ingest's transaction). */
export function sqliteGroupOps(db: DatabaseSync): GroupOps {
  const getGroup = db.prepare(
    'SELECT next_flush, flushed, emptied_at FROM alert_groups WHERE route = ? AND group_key = ?',
  );
  const putGroup = db.prepare(
    `INSERT INTO alert_groups (${GROUP_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (route, group_key) DO UPDATE SET next_flush = excluded.next_flush, am_key = excluded.am_key,
       labels = excluded.labels, receiver = excluded.receiver, destinations = excluded.destinations,
       flushed = excluded.flushed, wait_ms = excluded.wait_ms, interval_ms = excluded.interval_ms,
       repeat_ms = excluded.repeat_ms, ungrouped = excluded.ungrouped, emptied_at = excluded.emptied_at`,
  );
  // A firing alert updated keeps its start (Alertmanager merges the two); a resolved one fires anew.
  const putAlert = db.prepare(
    `INSERT INTO group_alerts (route, group_key, ${GROUP_ALERT_COLUMNS}, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (route, group_key, fingerprint) DO UPDATE SET tracker_id = excluded.tracker_id,
       alert_id = excluded.alert_id, labels = excluded.labels, annotations = excluded.annotations,
       routing = excluded.routing, summary = excluded.summary, generator_url = excluded.generator_url,
       starts_at = CASE WHEN group_alerts.ends_at IS NULL THEN MIN(group_alerts.starts_at, excluded.starts_at)
         ELSE excluded.starts_at END,
       ends_at = excluded.ends_at, updated_at = excluded.updated_at`,
  );
  const firingOf = db.prepare(
    'SELECT route, group_key, fingerprint FROM group_alerts WHERE tracker_id = ? AND ends_at IS NULL',
  );
  const resolve = db.prepare(
    `UPDATE group_alerts SET ends_at = ?, alert_id = ?, summary = COALESCE(?, summary), updated_at = ?
       WHERE route = ? AND group_key = ? AND fingerprint = ?`,
  );
  const flushNow = db.prepare(
    'UPDATE alert_groups SET next_flush = MIN(next_flush, ?) WHERE route = ? AND group_key = ? AND ungrouped = 1',
  );
  return {
    getGroup({ route, key }) {
      const row = getGroup.get(route, key) as Row | undefined;
      return row
        ? {
            nextFlush: Number(row.next_flush),
            flushed: Number(row.flushed) === 1,
            emptiedAt: nullableNumber(row.emptied_at),
          }
        : null;
    },
    putGroup: (g) =>
      void putGroup.run(
        g.route,
        g.key,
        g.nextFlush,
        g.amKey,
        JSON.stringify(g.labels),
        g.receiver,
        JSON.stringify(g.destinations),
        g.flushed ? 1 : 0,
        g.waitMs,
        g.intervalMs,
        g.repeatMs,
        g.ungrouped ? 1 : 0,
        g.emptiedAt,
      ),
    putGroupAlert: ({ group, alert: a, alertId, now }) =>
      void putAlert.run(
        group.route,
        group.key,
        a.fingerprint,
        a.trackerId,
        alertId,
        JSON.stringify(a.labels),
        JSON.stringify(a.annotations),
        JSON.stringify(a.routing),
        JSON.stringify(a.summary),
        a.generatorURL,
        a.startsAt,
        a.endsAt,
        now,
      ),
    resolveTrackerAlerts({ trackerId, keep, at, alertId, summary, now }) {
      const kept = new Set(keep);
      for (const row of firingOf.all(trackerId) as Row[]) {
        const route = String(row.route);
        const key = String(row.group_key);
        const fp = String(row.fingerprint);
        if (kept.has(`${route}\n${key}\n${fp}`)) continue;
        resolve.run(at, alertId, summary, now, route, key, fp);
        flushNow.run(now, route, key);
      }
    },
  };
}

/** One flush pass's statements (run inside one write transaction). */
export function sqliteFlushOps(db: DatabaseSync): FlushOps {
  const due = db.prepare(
    `SELECT ${GROUP_COLUMNS} FROM alert_groups WHERE next_flush <= ? ORDER BY next_flush LIMIT ?`,
  );
  const alerts = db.prepare(
    `SELECT ${GROUP_ALERT_COLUMNS} FROM group_alerts WHERE route = ? AND group_key = ?`,
  );
  const logs = db.prepare(
    'SELECT destination, firing, resolved, at FROM notify_log WHERE route = ? AND group_key = ?',
  );
  const insert = db.prepare(
    `INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at,
       updated_at, group_key, payload) VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?) RETURNING id`,
  );
  const byId = db.prepare(
    `SELECT ${DELIVERY_COLUMNS} FROM deliveries d JOIN alerts a ON a.id = d.alert_id WHERE d.id = ?`,
  );
  const putLog = db.prepare(
    `INSERT INTO notify_log (route, group_key, destination, firing, resolved, at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (route, group_key, destination) DO UPDATE SET firing = excluded.firing,
       resolved = excluded.resolved, at = excluded.at`,
  );
  const drop = db.prepare('DELETE FROM group_alerts WHERE route = ? AND group_key = ? AND fingerprint = ?');
  const endGroup = db.prepare('DELETE FROM alert_groups WHERE route = ? AND group_key = ?');
  const setFlush = db.prepare(
    'UPDATE alert_groups SET next_flush = ?, flushed = 1, emptied_at = ? WHERE route = ? AND group_key = ?',
  );
  return {
    dueGroups: ({ now, limit }) => (due.all(now, limit) as Row[]).map(toAlertGroup),
    groupAlerts: ({ route, key }) => (alerts.all(route, key) as Row[]).map(toGroupAlert),
    notifyLogs: ({ route, key }) => (logs.all(route, key) as Row[]).map(toNotifyLog),
    insertNotification(n) {
      const { alertId, destination, route, groupKey, idempotencyKey, payload, now } = n;
      const id = (
        insert.get(alertId, destination, route, idempotencyKey, now, now, now, groupKey, payload) as Row
      ).id;
      return rowToDelivery(byId.get(id as number) as Row);
    },
    putNotifyLog: ({ route, key }, log) =>
      void putLog.run(
        route,
        key,
        log.destination,
        JSON.stringify(log.firing),
        JSON.stringify(log.resolved),
        log.at,
      ),
    dropGroupAlert: ({ route, key }, fp) => void drop.run(route, key, fp),
    endGroup: ({ route, key }) => void endGroup.run(route, key),
    setFlush: ({ route, key }, { nextFlush, emptiedAt }) =>
      void setFlush.run(nextFlush, emptiedAt, route, key),
  };
}
