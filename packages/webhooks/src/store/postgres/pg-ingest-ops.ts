import type { PoolClient } from 'pg';
import type { IngestOps } from '../ingest-plan.ts';
import type { AsyncOps } from '../plan.ts';
import { SILENCES_VERSION } from '../silence-store.ts';
import { named, pgGroupOps } from './pg-group-ops.ts';

/**
 * The ingest plan's operations on one PostgreSQL transaction. The pending rows an ingest makes are
 * leased to the replica that made them (it sends them from memory at once); if it dies, the
 * lease runs out and another replica takes them. The statements every alert runs are named
 * (`named`): each connection parses and plans them once.
 */
export function pgIngestOps(client: PoolClient, lease: { by: string; until: number }): AsyncOps<IngestOps> {
  const query = named(client);
  const run = (name: string, sql: string, values: unknown[]) => query(name, sql, values).then(() => {});
  return {
    ...pgGroupOps(client),
    silencesVersion: async () =>
      Number((await query('silences_version', `SELECT ${SILENCES_VERSION} AS v`)).rows[0].v),
    async insertAlert(a) {
      const { rows } = await query(
        'insert_alert',
        `INSERT INTO alerts (source, webhook_id, event_type, known, body, received_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (source, webhook_id) DO NOTHING RETURNING id`,
        [a.source, a.webhookId, a.eventType, a.known, a.body, a.receivedAt],
      );
      return rows[0] ? Number(rows[0].id) : null;
    },
    async insertDelivery(d) {
      const claimed = d.state === 'pending';
      const { rows } = await query(
        'insert_delivery',
        `INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at,
           updated_at, group_key, locked_until, locked_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10) RETURNING id`,
        [
          d.alertId,
          d.destination,
          d.route,
          d.idempotencyKey,
          d.state,
          d.nextAttemptAt,
          d.createdAt,
          d.groupKey,
          claimed ? lease.until : 0,
          claimed ? lease.by : null,
        ],
      );
      return Number(rows[0]!.id);
    },
    startFiring: (f) =>
      run(
        'start_firing',
        `INSERT INTO firing (route, scope, alert_id, destinations, repeat_ms, next_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (route, scope) DO UPDATE SET alert_id = excluded.alert_id, destinations = excluded.destinations,
           repeat_ms = excluded.repeat_ms, next_at = excluded.next_at`,
        [f.route, f.scope, f.alertId, f.destinations, f.repeatMs, f.nextAt],
      ),
    stopFiring: (scope) => run('stop_firing', 'DELETE FROM firing WHERE scope = $1', [scope]),
    startTracker: (trackerId, alertId) =>
      run(
        'start_tracker',
        `INSERT INTO tracker_firing (tracker_id, alert_id) VALUES ($1, $2)
         ON CONFLICT (tracker_id) DO UPDATE SET alert_id = excluded.alert_id`,
        [trackerId, alertId],
      ),
    stopTracker: (trackerId) =>
      run('stop_tracker', 'DELETE FROM tracker_firing WHERE tracker_id = $1', [trackerId]),
    // Locked: posts of the same alert at two replicas merge one after the other.
    async currentAlert(scope) {
      const { rows } = await client.query(
        `SELECT f.alert_id, COALESCE(f.body, a.body) AS body FROM tracker_firing f JOIN alerts a ON a.id = f.alert_id
          WHERE f.tracker_id = $1 FOR UPDATE OF f`,
        [scope],
      );
      return rows[0] ? { alertId: Number(rows[0].alert_id), body: String(rows[0].body) } : null;
    },
    putAlertState: ({ scope, alertId, body, endsAt }) =>
      run(
        'put_alert_state',
        `INSERT INTO tracker_firing (tracker_id, alert_id, body, ends_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (tracker_id) DO UPDATE SET alert_id = excluded.alert_id, body = excluded.body,
           ends_at = excluded.ends_at`,
        [scope, alertId, body, endsAt],
      ),
  };
}
