import type { PoolClient } from 'pg';
import type { IngestOps } from '../ingest-plan.ts';
import type { AsyncOps, BatchOps } from '../plan.ts';
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

/**
 * The same operations for many ingests at once, one statement each (`unnest` arrays): a turn's
 * alerts cost a handful of round trips, not a handful per alert. Used only for ingests that do
 * not touch each other's rows (see `independentWaves`).
 */
export function pgIngestBatch(
  client: PoolClient,
  lease: { by: string; until: number },
  one: AsyncOps<IngestOps>,
): BatchOps<IngestOps> {
  const run = (sql: string, values: unknown[]) => client.query(sql, values).then(() => {});
  const col = <T, V>(calls: T[], pick: (call: T) => V) => calls.map(pick);
  return {
    async insertAlert(calls) {
      const { rows } = await client.query<{ id: string; source: string; webhook_id: string }>(
        `INSERT INTO alerts (source, webhook_id, event_type, known, body, received_at)
         SELECT s, w, e, k, b, r FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::text[], $6::bigint[])
           WITH ORDINALITY AS u(s, w, e, k, b, r, n) ORDER BY n
         ON CONFLICT (source, webhook_id) DO NOTHING RETURNING id, source, webhook_id`,
        [0, 1, 2, 3, 4, 5].map((c) => col(calls, (call) => call[c])),
      );
      // The first of two ingests of one alert stores it, as one after the other would; the second is the duplicate.
      const ids = new Map(rows.map((r) => [`${r.source}\n${r.webhook_id}`, Number(r.id)]));
      return calls.map(([source, webhookId]) => {
        const key = `${source}\n${webhookId}`;
        const id = ids.get(key) ?? null;
        ids.delete(key);
        return id;
      });
    },
    async insertDelivery(calls) {
      const claimed = (state: string) => state === 'pending';
      const { rows } = await client.query<{ id: string; alert_id: string; destination: string }>(
        `INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at,
           updated_at, group_key, locked_until, locked_by)
         SELECT a, d, r, k, s, t, c, c, g, l, b FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[],
           $6::bigint[], $7::bigint[], $8::text[], $9::bigint[], $10::text[]) WITH ORDINALITY AS u(a, d, r, k, s, t, c, g, l, b, n)
         ORDER BY n RETURNING id, alert_id, destination`,
        [
          ...[0, 1, 2, 3, 4, 5, 6, 7].map((c) => col(calls, (call) => call[c])),
          col(calls, (call) => (claimed(call[4]) ? lease.until : 0)),
          col(calls, (call) => (claimed(call[4]) ? lease.by : null)),
        ],
      );
      const ids = new Map(rows.map((r) => [`${r.alert_id}\n${r.destination}`, Number(r.id)]));
      return calls.map(([alertId, destination]) => ids.get(`${alertId}\n${destination}`)!);
    },
    async startTracker(calls) {
      await run(
        `INSERT INTO tracker_firing (tracker_id, alert_id) SELECT * FROM unnest($1::text[], $2::bigint[])
         ON CONFLICT (tracker_id) DO UPDATE SET alert_id = excluded.alert_id`,
        [col(calls, (c) => c[0]), col(calls, (c) => c[1])],
      );
      return calls.map(() => undefined);
    },
    async stopTracker(calls) {
      await run('DELETE FROM tracker_firing WHERE tracker_id = ANY($1::text[])', [col(calls, (c) => c[0])]);
      return calls.map(() => undefined);
    },
    async stopFiring(calls) {
      await run('DELETE FROM firing WHERE scope = ANY($1::text[])', [col(calls, (c) => c[0])]);
      return calls.map(() => undefined);
    },
    async resolveTrackerAlerts(calls) {
      // Alerts to keep are named only when an alert joins groups, which such ingests do one by one.
      if (calls.some((c) => c[1].length > 0)) {
        for (const c of calls) await one.resolveTrackerAlerts(...c);
        return calls.map(() => undefined);
      }
      const trackers = col(calls, (c) => c[0]);
      // One statement: the groups' next flush (their rows first, in one order, as an ingest joining
      // them locks them) and the tracker's alerts in them ended. Both read the snapshot the
      // statement began with, as the two statements one after the other would.
      await run(
        `WITH u AS (
           SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::bigint[])
             AS u(tracker_id, at, alert_id, summary, now)),
         flushed AS (
           UPDATE alert_groups g SET next_flush = LEAST(g.next_flush, t.now)
             FROM (SELECT ga.route, ga.group_key, MIN(u.now) AS now FROM u
                     JOIN group_alerts ga ON ga.tracker_id = u.tracker_id AND ga.ends_at IS NULL
                    GROUP BY ga.route, ga.group_key ORDER BY ga.route, ga.group_key) t
            WHERE g.route = t.route AND g.group_key = t.group_key AND g.ungrouped)
         UPDATE group_alerts ga SET ends_at = u.at, alert_id = u.alert_id, summary = COALESCE(u.summary, ga.summary),
           updated_at = u.now
           FROM u WHERE ga.tracker_id = u.tracker_id AND ga.ends_at IS NULL`,
        [
          trackers,
          col(calls, (c) => c[2]),
          col(calls, (c) => c[3]),
          col(calls, (c) => c[4]),
          col(calls, (c) => c[5]),
        ],
      );
      return calls.map(() => undefined);
    },
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
      item.grouping?.alert?.trackerId,
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
