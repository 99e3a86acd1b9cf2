import type { DatabaseSync } from 'node:sqlite';
import { type FiringRow, type RepeatDecision, repeatDue, toFiringRow } from './repeat-due.ts';
import { ENDED_ALERTS_KEPT_MS, NOTIFY_LOG_KEPT_MS } from './schema.ts';
import { asPromise } from './sqlite-outbox.ts';
import type { Store } from './store.ts';

/**
 * The firing state outside ingest, on SQLite: repeats (`repeatDue`), the alerts firing now, and
 * what Alertmanager forgets. `transaction` runs its function in the next group commit.
 */
export function sqliteFiring(
  db: DatabaseSync,
  now: () => number,
  transaction: <T>(op: () => T) => Promise<T>,
): Pick<Store, 'repeatDue' | 'firingAlerts' | 'forgetEnded'> {
  // A posted alert repeats as it is now, and only until it ends (its state in tracker_firing).
  const dueFiring = db.prepare(
    `SELECT f.route, f.scope, f.alert_id, f.destinations, f.repeat_ms, f.repeats, a.source, a.webhook_id,
            COALESCE(t.body, a.body) AS body, t.ends_at
       FROM firing f JOIN alerts a ON a.id = f.alert_id LEFT JOIN tracker_firing t ON t.tracker_id = f.scope
      WHERE f.next_at <= ? ORDER BY f.next_at LIMIT ?`,
  );
  const endFiring = db.prepare(
    'DELETE FROM firing WHERE route = ? AND scope = ? AND alert_id = ? AND repeats = ?',
  );
  // Moves a firing row on only if it is still the one that was read (not resolved, re-fired or repeated since).
  const advanceFiring = db.prepare(
    'UPDATE firing SET next_at = ?, repeats = ? WHERE route = ? AND scope = ? AND alert_id = ? AND repeats = ?',
  );
  const insertRepeat = db.prepare(
    `INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)`,
  );
  const firingAlerts = db.prepare(
    `SELECT COALESCE(f.body, a.body) AS body FROM tracker_firing f JOIN alerts a ON a.id = f.alert_id
      WHERE f.ends_at IS NULL OR f.ends_at > ?`,
  );
  const forgetRepeats = db.prepare(
    'DELETE FROM firing WHERE scope IN (SELECT tracker_id FROM tracker_firing WHERE ends_at <= ?)',
  );
  const forgetAlerts = db.prepare('DELETE FROM tracker_firing WHERE ends_at <= ?');
  const forgetLogs = db.prepare('DELETE FROM notify_log WHERE at < ?');

  const applyRepeat = ({ row, nextAt, repeats, deliveries, end }: RepeatDecision, t: number): number => {
    const still = [row.route, row.scope, row.alertId, row.repeats] as const;
    if (end) {
      endFiring.run(...still);
      return 0;
    }
    if (Number(advanceFiring.run(nextAt, repeats, ...still).changes) === 0) return 0;
    let made = 0;
    for (const d of deliveries)
      made += Number(
        insertRepeat.run(row.alertId, d.destination, row.route, d.idempotencyKey, t, t, t).changes,
      );
    return made;
  };
  const ops = {
    dueFiring: ({ now: t, limit }: { now: number; limit: number }): Promise<FiringRow[]> =>
      asPromise(() => (dueFiring.all(t, limit) as Record<string, unknown>[]).map(toFiringRow)),
    applyRepeats: (decisions: RepeatDecision[], t: number) =>
      transaction(() => decisions.reduce((made, decision) => made + applyRepeat(decision, t), 0)),
  };
  return {
    repeatDue: (isMuted) => repeatDue(ops, now(), isMuted),
    firingAlerts: (t = now()) =>
      asPromise(() => (firingAlerts.all(t) as Array<{ body: string }>).map((r) => r.body)),
    // What Alertmanager forgets (see Store.forgetEnded).
    forgetEnded: (t) =>
      transaction(() => {
        forgetRepeats.run(t - ENDED_ALERTS_KEPT_MS);
        forgetLogs.run(t - NOTIFY_LOG_KEPT_MS);
        return Number(forgetAlerts.run(t - ENDED_ALERTS_KEPT_MS).changes);
      }),
  };
}
