import type { Pool } from 'pg';
import type { FiringRow, RepeatDecision } from '../repeat-due.ts';
import { toFiringRow } from '../repeat-due.ts';
import { ENDED_ALERTS_KEPT_MS, NOTIFY_LOG_KEPT_MS } from '../schema.ts';
import { inTransaction } from './in-transaction.ts';

/**
 * The firing state outside ingest, on PostgreSQL: the repeats due and their writes (`repeatDue`),
 * and what Alertmanager forgets (`Store.forgetEnded`).
 */
export function pgFiringOps(pool: Pool) {
  return {
    // A posted alert repeats as it is now, and only until it ends (its state in tracker_firing).
    dueFiring: async ({ now: t, limit }: { now: number; limit: number }): Promise<FiringRow[]> =>
      (
        await pool.query(
          `SELECT f.route, f.scope, f.alert_id, f.destinations, f.repeat_ms, f.repeats, a.source, a.webhook_id,
                  COALESCE(t.body, a.body) AS body, t.ends_at
             FROM firing f JOIN alerts a ON a.id = f.alert_id LEFT JOIN tracker_firing t ON t.tracker_id = f.scope
            WHERE f.next_at <= $1 ORDER BY f.next_at LIMIT $2`,
          [t, limit],
        )
      ).rows.map(toFiringRow),
    applyRepeats: (decisions: RepeatDecision[], t: number): Promise<number> =>
      inTransaction(pool, async (client) => {
        let made = 0;
        for (const { row, nextAt, repeats, deliveries: rows, end } of decisions) {
          // Another replica may have repeated it (or a resolve ended it) since it was read: then nothing.
          const still = [row.route, row.scope, row.alertId, row.repeats];
          if (end) {
            await client.query(
              'DELETE FROM firing WHERE route = $1 AND scope = $2 AND alert_id = $3 AND repeats = $4',
              still,
            );
            continue;
          }
          const moved = await client.query(
            'UPDATE firing SET next_at = $5, repeats = $6 WHERE route = $1 AND scope = $2 AND alert_id = $3 AND repeats = $4',
            [...still, nextAt, repeats],
          );
          if ((moved.rowCount ?? 0) === 0) continue;
          for (const d of rows) {
            await client.query(
              `INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at, updated_at)
               VALUES ($1, $2, $3, $4, 'pending', $5, $5, $5)`,
              [row.alertId, d.destination, row.route, d.idempotencyKey, t],
            );
            made++;
          }
        }
        return made;
      }),
    firingAlerts: async (t: number): Promise<string[]> =>
      (
        await pool.query(
          `SELECT COALESCE(f.body, a.body) AS body FROM tracker_firing f JOIN alerts a ON a.id = f.alert_id
            WHERE f.ends_at IS NULL OR f.ends_at > $1`,
          [t],
        )
      ).rows.map((r) => String(r.body)),
    forgetEnded: (t: number): Promise<number> =>
      inTransaction(pool, async (client) => {
        const before = t - ENDED_ALERTS_KEPT_MS;
        await client.query(
          'DELETE FROM firing WHERE scope IN (SELECT tracker_id FROM tracker_firing WHERE ends_at <= $1)',
          [before],
        );
        await client.query('DELETE FROM notify_log WHERE at < $1', [t - NOTIFY_LOG_KEPT_MS]);
        return (await client.query('DELETE FROM tracker_firing WHERE ends_at <= $1', [before])).rowCount ?? 0;
      }),
  };
}
