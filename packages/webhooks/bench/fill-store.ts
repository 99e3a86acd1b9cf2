// A store as a receiver leaves it after a long life: `rows` alerts, each delivered once, written
// through SQL in one transaction (the receiver's own schema, created by opening it first).
import { DatabaseSync } from 'node:sqlite';
import { openStore } from '../src/store/open-store.ts';
import { alertBody } from './load.ts';

export function fillStore(path: string, rows: number): number {
  openStore(path).close();
  const db = new DatabaseSync(path);
  db.exec('PRAGMA synchronous = OFF;');
  db.exec('BEGIN');
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO alerts (id, source, webhook_id, event_type, known, body, received_at)
     SELECT i, 'tracker', 'msg_old_' || i, 'tracker.alert', 1, ?, 1763712000000 + i FROM n`,
  ).run(rows, alertBody(0));
  db.exec(
    `INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, attempts,
       next_attempt_at, created_at, updated_at, delivered_at)
     SELECT id, 'sink', 'root', 'tracker:' || webhook_id || ':sink', 'delivered', 1,
       received_at, received_at, received_at, received_at FROM alerts`,
  );
  db.exec('COMMIT');
  const count = (db.prepare('SELECT COUNT(*) AS n FROM alerts').get() as { n: number }).n;
  db.close();
  return Number(count);
}
