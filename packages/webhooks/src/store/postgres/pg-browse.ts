import type { Pool } from 'pg';
import { type Browse, toAlertWithDeliveries, toDestinationCount } from '../browse.ts';

/** The `/ui` pages' reads on PostgreSQL (SQLite's are `prepareBrowse`). */
export function pgBrowse(pool: Pool): Browse {
  return {
    async recentAlerts(limit, beforeId = Number.MAX_SAFE_INTEGER) {
      const alerts = (
        await pool.query(
          'SELECT id, source, webhook_id, event_type, body, received_at FROM alerts WHERE id < $1 ORDER BY id DESC LIMIT $2',
          [beforeId, limit],
        )
      ).rows;
      const rows = (
        await pool.query(
          `SELECT id, alert_id, destination, route, state, attempts, last_status, last_error FROM deliveries
             WHERE alert_id = ANY($1::bigint[]) ORDER BY id`,
          [alerts.map((a) => a.id)],
        )
      ).rows;
      return alerts.map((a) =>
        toAlertWithDeliveries(
          a,
          rows.filter((d) => d.alert_id === a.id),
        ),
      );
    },
    destinationCounts: async () =>
      (
        await pool.query(
          'SELECT destination, state, COUNT(*) AS n FROM deliveries GROUP BY destination, state ORDER BY destination',
        )
      ).rows.map(toDestinationCount),
  };
}
