import type { PoolClient, QueryResult } from 'pg';
import type { FlushOps, GroupOps } from '../group-plan.ts';
import {
  GROUP_ALERT_COLUMNS,
  GROUP_COLUMNS,
  toAlertGroup,
  toGroupAlert,
  toNotifyLog,
} from '../group-rows.ts';
import type { AsyncOps } from '../plan.ts';
import { DELIVERY_COLUMNS, rowToDelivery } from '../row-to-delivery.ts';

/**
 * A statement named for this store (`trackerkit_<name>`): each connection parses and plans it once.
 * Only for statements that find their rows by a key, whose plan the tables' growth cannot change.
 */
export const named =
  (client: PoolClient) =>
  (name: string, text: string, values: unknown[] = []): Promise<QueryResult> =>
    client.query({ name: `trackerkit_${name}`, text, values });

/** Joining and leaving Alertmanager's aggregation groups on one PostgreSQL transaction. */
export function pgGroupOps(client: PoolClient): AsyncOps<GroupOps> {
  const run = (sql: string, values: unknown[]) => client.query(sql, values).then(() => {});
  const query = named(client);
  return {
    async getGroup({ route, key }) {
      const { rows } = await client.query(
        'SELECT next_flush, flushed, emptied_at FROM alert_groups WHERE route = $1 AND group_key = $2',
        [route, key],
      );
      const row = rows[0];
      return row
        ? {
            nextFlush: Number(row.next_flush),
            flushed: row.flushed === true,
            emptiedAt: row.emptied_at === null ? null : Number(row.emptied_at),
          }
        : null;
    },
    putGroup: (g) =>
      run(
        `INSERT INTO alert_groups (${GROUP_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (route, group_key) DO UPDATE SET next_flush = excluded.next_flush, am_key = excluded.am_key,
           labels = excluded.labels, receiver = excluded.receiver, destinations = excluded.destinations,
           flushed = excluded.flushed, wait_ms = excluded.wait_ms, interval_ms = excluded.interval_ms,
           repeat_ms = excluded.repeat_ms, ungrouped = excluded.ungrouped, emptied_at = excluded.emptied_at`,
        [
          g.route,
          g.key,
          g.nextFlush,
          g.amKey,
          JSON.stringify(g.labels),
          g.receiver,
          JSON.stringify(g.destinations),
          g.flushed,
          g.waitMs,
          g.intervalMs,
          g.repeatMs,
          g.ungrouped,
          g.emptiedAt,
        ],
      ),
    putGroupAlert: ({ group, alert: a, alertId, now }) =>
      run(
        `INSERT INTO group_alerts (route, group_key, ${GROUP_ALERT_COLUMNS}, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (route, group_key, fingerprint) DO UPDATE SET tracker_id = excluded.tracker_id,
           alert_id = excluded.alert_id, labels = excluded.labels, annotations = excluded.annotations,
           routing = excluded.routing, summary = excluded.summary, generator_url = excluded.generator_url,
           starts_at = CASE WHEN group_alerts.ends_at IS NULL THEN LEAST(group_alerts.starts_at, excluded.starts_at)
             ELSE excluded.starts_at END,
           ends_at = excluded.ends_at, updated_at = excluded.updated_at`,
        [
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
        ],
      ),
    // One statement, the groups first (the alerts' update reads the count of theirs, so it waits
    // for it) and in one order, as an ingest joining them does: replicas wait, not deadlock.
    async resolveTrackerAlerts({ trackerId, keep, at, alertId, summary, now }) {
      await query(
        'resolve_tracker_alerts',
        `WITH ending AS (
           SELECT route, group_key, fingerprint FROM group_alerts WHERE tracker_id = $1 AND ends_at IS NULL
              AND NOT ((route || E'\\n' || group_key || E'\\n' || fingerprint) = ANY($6::text[]))),
         flushed AS (
           UPDATE alert_groups g SET next_flush = LEAST(g.next_flush, $5)
             FROM (SELECT DISTINCT route, group_key FROM ending ORDER BY route, group_key) t
            WHERE g.route = t.route AND g.group_key = t.group_key AND g.ungrouped RETURNING 1)
         UPDATE group_alerts ga SET ends_at = $2, alert_id = $3, summary = COALESCE($4, ga.summary), updated_at = $5
           FROM ending e, (SELECT COUNT(*) FROM flushed) f
          WHERE ga.route = e.route AND ga.group_key = e.group_key AND ga.fingerprint = e.fingerprint`,
        [trackerId, at, alertId, summary, now, keep],
      );
    },
  };
}

/**
 * One flush pass on one PostgreSQL transaction: due groups are locked, so replicas flush each
 * once; the notifications are leased to this replica, which sends them at once (if it dies, the
 * lease runs out and another takes them).
 */
export function pgFlushOps(client: PoolClient, lease: { by: string; until: number }): AsyncOps<FlushOps> {
  const run = (sql: string, values: unknown[]) => client.query(sql, values).then(() => {});
  return {
    dueGroups: async ({ now, limit }) =>
      (
        await client.query(
          `SELECT ${GROUP_COLUMNS} FROM alert_groups WHERE next_flush <= $1 ORDER BY next_flush LIMIT $2
             FOR UPDATE SKIP LOCKED`,
          [now, limit],
        )
      ).rows.map(toAlertGroup),
    groupAlerts: async ({ route, key }) =>
      (
        await client.query(
          `SELECT ${GROUP_ALERT_COLUMNS} FROM group_alerts WHERE route = $1 AND group_key = $2`,
          [route, key],
        )
      ).rows.map(toGroupAlert),
    notifyLogs: async ({ route, key }) =>
      (
        await client.query(
          'SELECT destination, firing, resolved, at FROM notify_log WHERE route = $1 AND group_key = $2',
          [route, key],
        )
      ).rows.map(toNotifyLog),
    async insertNotification(n) {
      const { rows } = await client.query(
        `WITH inserted AS (
           INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at,
             updated_at, group_key, payload, locked_until, locked_by)
           VALUES ($1, $2, $3, $4, 'pending', $5, $5, $5, $6, $7, $8, $9) RETURNING *)
         SELECT ${DELIVERY_COLUMNS} FROM inserted d JOIN alerts a ON a.id = d.alert_id`,
        [
          n.alertId,
          n.destination,
          n.route,
          n.idempotencyKey,
          n.now,
          n.groupKey,
          n.payload,
          lease.until,
          lease.by,
        ],
      );
      return rowToDelivery(rows[0]!);
    },
    putNotifyLog: ({ route, key }, log) =>
      run(
        `INSERT INTO notify_log (route, group_key, destination, firing, resolved, at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (route, group_key, destination) DO UPDATE SET firing = excluded.firing,
           resolved = excluded.resolved, at = excluded.at`,
        [route, key, log.destination, JSON.stringify(log.firing), JSON.stringify(log.resolved), log.at],
      ),
    dropGroupAlert: ({ route, key }, fp) =>
      run('DELETE FROM group_alerts WHERE route = $1 AND group_key = $2 AND fingerprint = $3', [
        route,
        key,
        fp,
      ]),
    endGroup: ({ route, key }) =>
      run('DELETE FROM alert_groups WHERE route = $1 AND group_key = $2', [route, key]),
    setFlush: ({ route, key }, { nextFlush, emptiedAt }) =>
      run(
        'UPDATE alert_groups SET next_flush = $1, flushed = true, emptied_at = $2 WHERE route = $3 AND group_key = $4',
        [nextFlush, emptiedAt, route, key],
      ),
  };
}
