import type { DatabaseSync } from 'node:sqlite';
import { idempotencyKey } from './idempotency-key.ts';

/** Mute windows have minute resolution: a muted repeat is looked at again a minute later. */
const MUTED_RECHECK_MS = 60_000;
const BATCH = 500;

/** `body` is the firing alert's: a silence or an inhibit rule holds its repeats as a mute window does. */
export type RepeatDue = (
  now: number,
  isMuted?: (route: string, now: number, body: string) => boolean,
) => number;

/**
 * Alertmanager's repeat_interval: every (route, tracker) still firing whose interval has passed
 * since its last notification gets its latest alert sent again, to the route's destinations, as
 * a new outbox row (its own idempotency key: `<webhook-id>#repeat:<route>:<n>`). A repeat due
 * while its route is muted waits for the window to end. Returns how many rows became pending.
 */
export function prepareRepeatDue(db: DatabaseSync): RepeatDue {
  const due = db.prepare(
    `SELECT f.route, f.scope, f.alert_id, f.destinations, f.repeat_ms, f.repeats, a.source, a.webhook_id, a.body
       FROM firing f JOIN alerts a ON a.id = f.alert_id WHERE f.next_at <= ? ORDER BY f.next_at LIMIT ?`,
  );
  const insert = db.prepare(
    `INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)`,
  );
  const advance = db.prepare('UPDATE firing SET next_at = ?, repeats = ? WHERE route = ? AND scope = ?');
  return (now, isMuted) => {
    const rows = due.all(now, BATCH) as Array<{
      route: string;
      scope: string;
      alert_id: number;
      destinations: string;
      repeat_ms: number;
      repeats: number;
      source: string;
      webhook_id: string;
      body: string;
    }>;
    if (rows.length === 0) return 0;
    let made = 0;
    db.exec('BEGIN IMMEDIATE');
    try {
      for (const row of rows) {
        if (isMuted?.(row.route, now, row.body)) {
          advance.run(now + MUTED_RECHECK_MS, row.repeats, row.route, row.scope);
          continue;
        }
        const n = Number(row.repeats) + 1;
        const id = `${row.webhook_id}#repeat:${row.route}:${n}`;
        for (const destination of JSON.parse(row.destinations) as string[]) {
          const key = idempotencyKey(row.source, id, destination);
          made += Number(insert.run(row.alert_id, destination, row.route, key, now, now, now).changes);
        }
        advance.run(now + Number(row.repeat_ms), n, row.route, row.scope);
      }
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
    return made;
  };
}
