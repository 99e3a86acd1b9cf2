import type { PoolClient } from 'pg';
import { SILENCES_VERSION } from '../../silences/silence-store.ts';
import type { IngestOps } from '../ingest-plan.ts';
import type { AsyncOps } from '../plan.ts';
import type { IngestItem } from '../types.ts';
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
    silencesVersion: async () => Number((await client.query(`SELECT ${SILENCES_VERSION} AS v`)).rows[0].v),
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
    // Locked: posts of the same alert at two replicas merge one after the other.
    async currentAlert(scope) {
      const { rows } = await client.query(
        `SELECT f.alert_id, COALESCE(f.body, a.body) AS body FROM tracker_firing f JOIN alerts a ON a.id = f.alert_id
          WHERE f.tracker_id = $1 FOR UPDATE OF f`,
        [scope],
      );
      return rows[0] ? { alertId: Number(rows[0].alert_id), body: String(rows[0].body) } : null;
    },
    putAlertState: (scope, alertId, body, endsAt) =>
      run(
        `INSERT INTO tracker_firing (tracker_id, alert_id, body, ends_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (tracker_id) DO UPDATE SET alert_id = excluded.alert_id, body = excluded.body,
           ends_at = excluded.ends_at`,
        [scope, alertId, body, endsAt],
      ),
  };
}

/**
 * Splits a turn's ingests (in their lock order) into waves whose ingests touch none of each
 * other's rows, each wave after the one before: ingests of one tracker keep their order, and one
 * that joins aggregation groups (it reads and writes the groups' rows) runs in a wave of its own.
 */
export function independentWaves<T extends { item: IngestItem }>(entries: T[]): T[][] {
  const waves: T[][] = [];
  const lastWave = new Map<string, number>();
  let barrier = -1;
  for (const entry of entries) {
    const { item } = entry;
    const grouped = new Set(item.grouping?.destinations ?? []);
    const exclusive = item.matches.some((m) => m.group || m.destinations.some((d) => grouped.has(d)));
    const keys = [
      item.repeatScope,
      item.resolves,
      item.posted?.scope,
      item.grouping?.trackerId,
      item.grouping?.resolve?.trackerId,
    ].filter((k): k is string => typeof k === 'string' && k !== '');
    let wave = exclusive ? waves.length : barrier + 1;
    if (exclusive) barrier = wave;
    else for (const k of keys) wave = Math.max(wave, (lastWave.get(k) ?? -1) + 1);
    for (const k of keys) lastWave.set(k, wave);
    if (wave === waves.length) waves.push([entry]);
    else waves[wave]!.push(entry);
  }
  return waves;
}
