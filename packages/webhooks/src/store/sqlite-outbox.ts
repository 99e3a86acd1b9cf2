import type { DatabaseSync } from 'node:sqlite';
import { OUTBOX_COUNTS, outboxCountsOf } from './outbox-counts.ts';
import { DELIVERY_COLUMNS, type Row, rowToDelivery, SQLITE_DEAD_LETTERS } from './row-to-delivery.ts';
import type { StoreOutbox } from './store.ts';
import type { DeliveryRow } from './types.ts';

export interface SqliteContext {
  db: DatabaseSync;
  now: () => number;
  /** Queues a write for the next group commit (write-batch.ts); a closed store refuses it. */
  write: (op: () => unknown) => Promise<void>;
}

/** Reads (and the tools' writes) run at once on the caller's thread; a failure is a rejected promise. */
export const asPromise = <T>(fn: () => T): Promise<T> => {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error);
  }
};

/**
 * The outbox rows on SQLite: the due rows and their outcomes. The owner is the only process
 * sending from its file, so the due rows are its own without a claim.
 */
export function sqliteOutbox({ db, now, write }: SqliteContext): StoreOutbox {
  const select = `SELECT ${DELIVERY_COLUMNS} FROM deliveries d JOIN alerts a ON a.id = d.alert_id`;
  // Covered by the (state, next_attempt_at) index: ids only, so rows held in flight cost nothing.
  const dueIds = db.prepare(
    "SELECT id FROM deliveries WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?",
  );
  const byId = db.prepare(`${select} WHERE d.id = ?`);
  const byState = db.prepare(`${select} WHERE d.state = ? ORDER BY d.id LIMIT ?`);
  const deadLetters = db.prepare(SQLITE_DEAD_LETTERS);
  const delivered = db.prepare(
    "UPDATE deliveries SET state = 'delivered', attempts = attempts + 1, last_status = ?, last_error = NULL, updated_at = ?, delivered_at = ? WHERE id = ?",
  );
  const retry = db.prepare(
    'UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = ?, last_status = ?, last_error = ?, updated_at = ? WHERE id = ?',
  );
  const postpone = db.prepare('UPDATE deliveries SET next_attempt_at = ? WHERE id = ?');
  const dead = db.prepare(
    "UPDATE deliveries SET state = 'dead', attempts = attempts + 1, last_status = ?, last_error = ?, updated_at = ? WHERE id = ?",
  );
  const replayOne = db.prepare(
    "UPDATE deliveries SET state = 'pending', attempts = 0, next_attempt_at = ?, updated_at = ? WHERE id = ? AND state = 'dead'",
  );
  const replayAll = db.prepare(
    "UPDATE deliveries SET state = 'pending', attempts = 0, next_attempt_at = ?, updated_at = ? WHERE state = 'dead'",
  );
  const counts = db.prepare('SELECT state, COUNT(*) AS n FROM deliveries GROUP BY state');
  const outboxCounts = db.prepare(OUTBOX_COUNTS);
  const nextDue = db.prepare("SELECT MIN(next_attempt_at) AS t FROM deliveries WHERE state = 'pending'");
  const get = (id: number) => {
    const row = byId.get(id) as Row | undefined;
    return row ? rowToDelivery(row) : undefined;
  };
  const due = (limit: number, skip: ReadonlySet<number>) => {
    const rows: DeliveryRow[] = [];
    for (const { id } of dueIds.all(now(), limit + skip.size) as Array<{ id: number }>) {
      if (rows.length === limit) break;
      if (skip.has(Number(id))) continue;
      const row = get(id);
      if (row) rows.push(row);
    }
    return rows;
  };
  return {
    due: (limit, skip) => asPromise(() => due(limit, skip)),
    markDelivered: (id, status) => write(() => delivered.run(status, now(), now(), id)),
    markRetry: (id, at, status, error) => write(() => retry.run(at, status, error.slice(0, 2000), now(), id)),
    postpone: (id, at) => write(() => postpone.run(at, id)),
    markDead: (id, status, error) => write(() => dead.run(status, error.slice(0, 2000), now(), id)),
    get: (id) => asPromise(() => get(id)),
    list: (state, limit = 1000) =>
      asPromise(() =>
        ((state === 'dead' ? deadLetters.all(limit) : byState.all(state, limit)) as Row[]).map(rowToDelivery),
      ),
    replay: (id) =>
      asPromise(() =>
        Number((id === 'all' ? replayAll.run(now(), now()) : replayOne.run(now(), now(), id)).changes),
      ),
    counts: () =>
      asPromise(() =>
        Object.fromEntries(
          (counts.all() as Array<{ state: string; n: number }>).map((r) => [r.state, Number(r.n)]),
        ),
      ),
    outboxCounts: () => asPromise(() => outboxCountsOf(outboxCounts.get())),
    nextDueAt: () =>
      asPromise(() => {
        const row = nextDue.get() as { t: number | null };
        return row.t === null ? null : Number(row.t);
      }),
  };
}
