import type { PoolClient } from 'pg';
import type { IngestOps } from '../ingest-plan.ts';
import type { AsyncOps } from '../plan.ts';
import { pgGroupOps } from './pg-group-ops.ts';

/**
 * The ingest plan's operations on one PostgreSQL transaction. The pending rows an ingest makes are
 * leased to the replica that made them (it sends them from memory at once); if it dies, the
 * lease runs out and another replica takes them.
 */
export function pgIngestOps(client: PoolClient, lease: { by: string; until: number }): AsyncOps<IngestOps> {
  const run = (sql: string, values: unknown[]) => client.query(sql, values).then(() => {});
  return {
    ...pgGroupOps(client),
    async insertAlert(source, webhookId, eventType, known, body, now) {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO alerts (source, webhook_id, event_type, known, body, received_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (source, webhook_id) DO NOTHING RETURNING id`,
        [source, webhookId, eventType, known, body, now],
      );
      return rows[0] ? Number(rows[0].id) : null;
    },
    async insertDelivery(alertId, destination, route, key, state, at, now, groupKey) {
      const claimed = state === 'pending';
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at,
           updated_at, group_key, locked_until, locked_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10) RETURNING id`,
        [
          alertId,
          destination,
          route,
          key,
          state,
          at,
          now,
          groupKey,
          claimed ? lease.until : 0,
          claimed ? lease.by : null,
        ],
      );
      return Number(rows[0]!.id);
    },
    startFiring: (route, scope, alertId, destinations, repeatMs, nextAt) =>
      run(
        `INSERT INTO firing (route, scope, alert_id, destinations, repeat_ms, next_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (route, scope) DO UPDATE SET alert_id = excluded.alert_id, destinations = excluded.destinations,
           repeat_ms = excluded.repeat_ms, next_at = excluded.next_at`,
        [route, scope, alertId, destinations, repeatMs, nextAt],
      ),
    stopFiring: (scope) => run('DELETE FROM firing WHERE scope = $1', [scope]),
    startTracker: (trackerId, alertId) =>
      run(
        `INSERT INTO tracker_firing (tracker_id, alert_id) VALUES ($1, $2)
         ON CONFLICT (tracker_id) DO UPDATE SET alert_id = excluded.alert_id`,
        [trackerId, alertId],
      ),
    stopTracker: (trackerId) => run('DELETE FROM tracker_firing WHERE tracker_id = $1', [trackerId]),
  };
}
