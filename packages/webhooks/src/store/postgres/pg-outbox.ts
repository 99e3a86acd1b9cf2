import type { Pool, QueryConfig } from 'pg';
import { OUTBOX_COUNTS, outboxCountsOf } from '../outbox-counts.ts';
import { DELIVERY_COLUMNS, type Row, rowToDelivery } from '../row-to-delivery.ts';
import type { StoreOutbox } from '../store.ts';
import { deliveredQuery, outcomeQuery } from './pg-outcome.ts';
import { ENDED_REPLICAS } from './pg-presence.ts';
import { createPgWriteBatch } from './pg-write-batch.ts';

export interface PgOutboxContext {
  pool: Pool;
  now: () => number;
  /** This replica's name, which its claims carry. */
  me: string;
  leaseMs: number;
}

const SELECT = `SELECT ${DELIVERY_COLUMNS} FROM deliveries d JOIN alerts a ON a.id = d.alert_id`;

/**
 * The outbox rows on PostgreSQL: claims and their outcomes. A replica takes the due rows no other
 * live replica holds (`FOR UPDATE SKIP LOCKED` and a lease); an outcome ends its claim. Outcomes
 * have a write batch of their own: behind the alerts' batch they would wait for every alert
 * stored meanwhile, and the rows they end would stay held in memory, and skipped by every claim,
 * for that long.
 */
export function pgOutbox({
  pool,
  now,
  me,
  leaseMs,
}: PgOutboxContext): StoreOutbox & { settled(): Promise<void> } {
  const writes = createPgWriteBatch(pool);
  const rows = async (sql: string, values: unknown[] = []) =>
    (await pool.query<Row>(sql, values)).rows.map(rowToDelivery);
  // The claim and the read are one statement: up to `limit` rows, oldest first.
  const claim = (limit: number, skip: ReadonlySet<number>) => {
    const t = now();
    return rows(
      `WITH claimed AS (
         UPDATE deliveries d SET locked_until = $1, locked_by = $2
         FROM (SELECT id FROM deliveries
                WHERE state = 'pending' AND next_attempt_at <= $3
                  AND (locked_until <= $3 OR locked_by = $2 OR locked_by IN (${ENDED_REPLICAS}))
                  AND NOT (id = ANY($4::bigint[]))
                ORDER BY next_attempt_at, id LIMIT $5 FOR UPDATE SKIP LOCKED) c
         WHERE d.id = c.id RETURNING d.*)
       SELECT ${DELIVERY_COLUMNS} FROM claimed d JOIN alerts a ON a.id = d.alert_id ORDER BY d.next_attempt_at, d.id`,
      [t + leaseMs, me, t, [...skip], limit],
    );
  };
  const write = (query: QueryConfig) =>
    writes.write(async (client) => {
      await client.query(query);
    });
  const outcome = (set: string, values: unknown[]) => write(outcomeQuery(set, values));
  const replay = async (id: number | 'all') => {
    const set =
      "UPDATE deliveries SET state = 'pending', attempts = 0, next_attempt_at = $1, updated_at = $1, locked_until = 0, locked_by = NULL WHERE state = 'dead'";
    const r =
      id === 'all' ? await pool.query(set, [now()]) : await pool.query(`${set} AND id = $2`, [now(), id]);
    return r.rowCount ?? 0;
  };
  return {
    settled: writes.settled,
    due: claim,
    markDelivered: (id, status) => write(deliveredQuery(id, status, now())),
    markRetry: (id, at, status, error) =>
      outcome(
        'attempts = attempts + 1, next_attempt_at = $2, last_status = $3, last_error = $4, updated_at = $5',
        [id, at, status, error.slice(0, 2000), now()],
      ),
    postpone: (id, at) => outcome('next_attempt_at = $2', [id, at]),
    markDead: (id, status, error) =>
      outcome("state = 'dead', attempts = attempts + 1, last_status = $2, last_error = $3, updated_at = $4", [
        id,
        status,
        error.slice(0, 2000),
        now(),
      ]),
    get: async (id) => (await rows(`${SELECT} WHERE d.id = $1`, [id]))[0],
    list: (state, limit = 1000) =>
      rows(`${SELECT} WHERE d.state = $1 ORDER BY d.id LIMIT $2`, [state, limit]),
    replay,
    counts: async () =>
      Object.fromEntries(
        (await pool.query('SELECT state, COUNT(*) AS n FROM deliveries GROUP BY state')).rows.map((r) => [
          String(r.state),
          Number(r.n),
        ]),
      ),
    outboxCounts: async () => outboxCountsOf((await pool.query(OUTBOX_COUNTS)).rows[0]),
    nextDueAt: async () => {
      const v = (await pool.query("SELECT MIN(next_attempt_at) AS t FROM deliveries WHERE state = 'pending'"))
        .rows[0]?.t;
      return v === null || v === undefined ? null : Number(v);
    },
  };
}
