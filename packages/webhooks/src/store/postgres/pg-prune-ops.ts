import type { Pool } from 'pg';
import type { PruneOps } from '../retention.ts';
import { FINISHED } from '../schema.ts';
import { inTransaction } from './in-transaction.ts';

/** The prune step's operations on PostgreSQL; the deletes of one step share one short transaction. */
export function pgPruneOps(pool: Pool): PruneOps {
  const notFiring =
    'AND NOT EXISTS (SELECT 1 FROM firing f WHERE f.alert_id = $1) AND NOT EXISTS (SELECT 1 FROM tracker_firing t WHERE t.alert_id = $1)';
  const one = async (sql: string, values: unknown[]) => {
    const v = (await pool.query<{ id: string | null }>(sql, values)).rows[0]?.id ?? null;
    return v === null ? null : Number(v);
  };
  return {
    firstAfter: (kind, afterId) =>
      one(`SELECT MIN(id) AS id FROM ${kind === 'alerts' ? 'alerts' : 'deliveries'} WHERE id > $1`, [
        afterId,
      ]),
    lastOld: (kind, before) =>
      one(
        kind === 'alerts'
          ? 'SELECT MAX(id) AS id FROM alerts WHERE received_at < $1'
          : `SELECT MAX(id) AS id FROM deliveries WHERE state IN ${FINISHED} AND updated_at < $1`,
        [before],
      ),
    async oldIds({ kind, from, upTo, before }) {
      const sql =
        kind === 'alerts'
          ? `SELECT id FROM alerts a WHERE id > $1 AND id <= $2 AND received_at < $3
               AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.alert_id = a.id AND d.state = 'pending')
               AND NOT EXISTS (SELECT 1 FROM firing f WHERE f.alert_id = a.id)
               AND NOT EXISTS (SELECT 1 FROM tracker_firing t WHERE t.alert_id = a.id)`
          : `SELECT id FROM deliveries WHERE id > $1 AND id <= $2 AND state IN ${FINISHED} AND updated_at < $3`;
      return (await pool.query<{ id: string }>(sql, [from, upTo, before])).rows.map((r) => Number(r.id));
    },
    deleteOld: (kind, ids, before) =>
      inTransaction(pool, async (client) => {
        let deleted = 0;
        for (const id of ids) {
          if (kind === 'alerts') {
            await client.query(
              `DELETE FROM deliveries WHERE alert_id = $1 AND EXISTS (SELECT 1 FROM alerts WHERE id = $1 AND received_at < $2)
                 AND NOT EXISTS (SELECT 1 FROM deliveries WHERE alert_id = $1 AND state = 'pending') ${notFiring}`,
              [id, before],
            );
            const r = await client.query(
              `DELETE FROM alerts WHERE id = $1 AND received_at < $2
                 AND NOT EXISTS (SELECT 1 FROM deliveries WHERE alert_id = $1) ${notFiring}`,
              [id, before],
            );
            deleted += r.rowCount ?? 0;
          } else {
            const r = await client.query(
              `DELETE FROM deliveries WHERE id = $1 AND state IN ${FINISHED} AND updated_at < $2`,
              [id, before],
            );
            deleted += r.rowCount ?? 0;
          }
        }
        return deleted;
      }),
  };
}
