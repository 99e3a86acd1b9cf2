import type { DatabaseSync } from 'node:sqlite';
import type { PruneKind, PruneOps } from './retention.ts';
import { FINISHED } from './schema.ts';

/** The prune step's operations as SQLite statements; the deletes share one short write transaction. */
export function sqlitePruneOps(db: DatabaseSync, write: <T>(op: () => T) => Promise<T>): PruneOps {
  // An alert a tracker still fires with stays: the latest one, resent at repeat_interval
  // (`firing`), and the one inhibit rules look at (`tracker_firing`), whatever its age.
  const notFiring =
    'AND NOT EXISTS (SELECT 1 FROM firing f WHERE f.alert_id = ?1) AND NOT EXISTS (SELECT 1 FROM tracker_firing t WHERE t.alert_id = ?1)';
  const firstAfter = {
    alerts: db.prepare('SELECT MIN(id) AS id FROM alerts WHERE id > ?'),
    deliveries: db.prepare('SELECT MIN(id) AS id FROM deliveries WHERE id > ?'),
  };
  const lastOld = {
    alerts: db.prepare('SELECT MAX(id) AS id FROM alerts WHERE received_at < ?'),
    deliveries: db.prepare(
      `SELECT MAX(id) AS id FROM deliveries WHERE state IN ${FINISHED} AND updated_at < ?`,
    ),
  };
  const oldIds = {
    alerts: db.prepare(
      `SELECT id FROM alerts a WHERE id > ? AND id <= ? AND received_at < ?
         AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.alert_id = a.id AND d.state = 'pending')
         AND NOT EXISTS (SELECT 1 FROM firing f WHERE f.alert_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM tracker_firing t WHERE t.alert_id = a.id)`,
    ),
    deliveries: db.prepare(
      `SELECT id FROM deliveries WHERE id > ? AND id <= ? AND state IN ${FINISHED} AND updated_at < ?`,
    ),
  };
  const deleteAlertDeliveries = db.prepare(
    `DELETE FROM deliveries WHERE alert_id = ?1 AND EXISTS (SELECT 1 FROM alerts WHERE id = ?1 AND received_at < ?2)
       AND NOT EXISTS (SELECT 1 FROM deliveries WHERE alert_id = ?1 AND state = 'pending') ${notFiring}`,
  );
  const deleteAlert = db.prepare(
    `DELETE FROM alerts WHERE id = ?1 AND received_at < ?2
       AND NOT EXISTS (SELECT 1 FROM deliveries WHERE alert_id = ?1) ${notFiring}`,
  );
  const deleteDelivery = db.prepare(
    `DELETE FROM deliveries WHERE id = ? AND state IN ${FINISHED} AND updated_at < ?`,
  );
  const id = (row: unknown) => {
    const v = (row as { id: number | null }).id;
    return v === null ? null : Number(v);
  };
  return {
    firstAfter: async (kind: PruneKind, afterId: number) => id(firstAfter[kind].get(afterId)),
    lastOld: async (kind, before) => id(lastOld[kind].get(before)),
    oldIds: async ({ kind, from, upTo, before }) =>
      (oldIds[kind].all(from, upTo, before) as Array<{ id: number }>).map((r) => Number(r.id)),
    deleteOld: (kind, ids, before) =>
      write(() => {
        let deleted = 0;
        for (const one of ids) {
          if (kind === 'alerts') {
            deleteAlertDeliveries.run(one, before);
            deleted += Number(deleteAlert.run(one, before).changes);
          } else deleted += Number(deleteDelivery.run(one, before).changes);
        }
        return deleted;
      }),
  };
}
