// A store as a busy receiver keeps it: `rows` alerts of the last day, each delivered once, written
// through SQL in one transaction (the receiver's own schema, created by opening it first). Inside
// every retention period, so the receiver measured with it stores and does not prune.
import { DatabaseSync } from 'node:sqlite';
import { openStore } from '../src/store/open-store.ts';
import { alertBody } from './load.ts';

export function fillStore(path: string, rows: number, now = Date.now()): number {
  const first = now - 86_400_000;
  const step = 86_400_000 / rows;
  openStore(path).close();
  const db = new DatabaseSync(path);
  db.exec('PRAGMA synchronous = OFF;');
  db.exec('BEGIN');
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO alerts (id, source, webhook_id, event_type, known, body, received_at)
     SELECT i, 'tracker', 'msg_old_' || i, 'tracker.alert', 1, ?, CAST(? + i * ? AS INTEGER) FROM n`,
  ).run(rows, alertBody(0), first, step);
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
