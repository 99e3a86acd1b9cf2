import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { WebhooksError } from '../errors.ts';
import { createGroupCommit } from './group-commit.ts';
import { ingestOne, prepareIngest } from './ingest-one.ts';
import { DELIVERY_COLUMNS, rowToDelivery } from './row-to-delivery.ts';
import { SCHEMA } from './schema.ts';
import type { DeliveryRow, IngestItem, IngestResult } from './types.ts';

export interface StoreOptions {
  /** `full` survives power loss; `normal` (WAL) survives a process crash. Default full. */
  synchronous?: 'full' | 'normal';
  now?: () => number;
  /**
   * The receiver owns its file and voids leases a killed process left (default). Tools that open
   * the file beside a running receiver (the dead-letters CLI) pass false: voiding that receiver's
   * live leases would let it claim, and send, a row that is still in flight.
   */
  owner?: boolean;
}

export interface Store {
  /** Durably stores an alert and its outbox rows; resolves only after the commit. Batched (group commit). */
  ingest(item: IngestItem): Promise<IngestResult>;
  claimDue(limit: number, leaseMs: number): DeliveryRow[];
  markDelivered(id: number, status: number | null): void;
  markRetry(id: number, nextAttemptAt: number, status: number | null, error: string): void;
  /** Puts a row back without counting an attempt (circuit open). */
  postpone(id: number, nextAttemptAt: number): void;
  markDead(id: number, status: number | null, error: string): void;
  get(id: number): DeliveryRow | undefined;
  list(state: DeliveryRow['state'], limit?: number): DeliveryRow[];
  /** Dead letters back to pending, same idempotency key. Returns how many. */
  replay(id: number | 'all'): number;
  counts(): Record<string, number>;
  nextDueAt(): number | null;
  ping(): void;
  close(): void;
}

function storageError(error: unknown): WebhooksError {
  return new WebhooksError(`storage failed: ${(error as Error).message}`, {
    status: 503,
    reason: 'storage',
    cause: error,
  });
}

/** The durable store and outbox, SQLite through node:sqlite (no native build). */
export function openStore(path: string, options: StoreOptions = {}): Store {
  const now = options.now ?? Date.now;
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  // busy_timeout first: switching to WAL needs a lock another connection may briefly hold.
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;');
  // WAL + FULL fsyncs the log at every COMMIT: a 2xx survives power loss, not only kill -9.
  // WAL + NORMAL fsyncs only at checkpoints: a committed alert survives a process crash (it is
  // in the OS page cache) but the last transactions can roll back on power loss. Group commit
  // makes FULL affordable (one fsync per group), so it stays the default.
  const synchronous = options.synchronous === 'normal' ? 'NORMAL' : 'FULL';
  db.exec(`PRAGMA synchronous = ${synchronous};`);
  db.exec(SCHEMA);
  // One receiver process owns a database file: leases left by a killed process are void.
  if (options.owner !== false) {
    db.exec("UPDATE deliveries SET locked_until = 0 WHERE state = 'pending' AND locked_until > 0");
  }
  const ingestStatements = prepareIngest(db);
  const select = `SELECT ${DELIVERY_COLUMNS} FROM deliveries d JOIN alerts a ON a.id = d.alert_id`;
  const claim = db.prepare(
    `UPDATE deliveries SET locked_until = ? WHERE id IN (SELECT id FROM deliveries WHERE state = 'pending'
       AND next_attempt_at <= ? AND locked_until <= ? ORDER BY next_attempt_at LIMIT ?) RETURNING id`,
  );
  const byId = db.prepare(`${select} WHERE d.id = ?`);
  const byState = db.prepare(`${select} WHERE d.state = ? ORDER BY d.id LIMIT ?`);
  const delivered = db.prepare(
    "UPDATE deliveries SET state = 'delivered', attempts = attempts + 1, last_status = ?, last_error = NULL, locked_until = 0, updated_at = ?, delivered_at = ? WHERE id = ?",
  );
  const retry = db.prepare(
    'UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = ?, last_status = ?, last_error = ?, locked_until = 0, updated_at = ? WHERE id = ?',
  );
  const postpone = db.prepare('UPDATE deliveries SET next_attempt_at = ?, locked_until = 0 WHERE id = ?');
  const dead = db.prepare(
    "UPDATE deliveries SET state = 'dead', attempts = attempts + 1, last_status = ?, last_error = ?, locked_until = 0, updated_at = ? WHERE id = ?",
  );
  const replayOne = db.prepare(
    "UPDATE deliveries SET state = 'pending', attempts = 0, next_attempt_at = ?, locked_until = 0, updated_at = ? WHERE id = ? AND state = 'dead'",
  );
  const replayAll = db.prepare(
    "UPDATE deliveries SET state = 'pending', attempts = 0, next_attempt_at = ?, locked_until = 0, updated_at = ? WHERE state = 'dead'",
  );
  const counts = db.prepare('SELECT state, COUNT(*) AS n FROM deliveries GROUP BY state');
  const pingStatement = db.prepare('SELECT 1');
  const nextDue = db.prepare("SELECT MIN(next_attempt_at) AS t FROM deliveries WHERE state = 'pending'");

  let closed = false;
  const groups = createGroupCommit({
    now,
    storageError,
    // A file gets its own commit thread; `:memory:` is one connection's private database and has
    // no fsync to wait for, so it commits here.
    ...(path === ':memory:' ? {} : { thread: { path, synchronous } }),
    commitHere(items, t) {
      db.exec('BEGIN IMMEDIATE');
      try {
        const results = items.map((item) => ingestOne(ingestStatements, item, t));
        db.exec('COMMIT');
        return results;
      } catch (error) {
        try {
          if (db.isTransaction) db.exec('ROLLBACK');
        } catch {}
        throw error;
      }
    },
  });

  return {
    ingest: (item) => groups.ingest(item),
    claimDue(limit, leaseMs) {
      const t = now();
      const ids = claim.all(t + leaseMs, t, t, limit) as Array<{ id: number }>;
      return ids.map(({ id }) => rowToDelivery(byId.get(id) as Record<string, unknown>));
    },
    markDelivered: (id, status) => void delivered.run(status, now(), now(), id),
    markRetry: (id, at, status, error) => void retry.run(at, status, error.slice(0, 2000), now(), id),
    postpone: (id, at) => void postpone.run(at, id),
    markDead: (id, status, error) => void dead.run(status, error.slice(0, 2000), now(), id),
    get: (id) => {
      const row = byId.get(id) as Record<string, unknown> | undefined;
      return row ? rowToDelivery(row) : undefined;
    },
    list: (state, limit = 1000) =>
      (byState.all(state, limit) as Record<string, unknown>[]).map(rowToDelivery),
    replay: (id) =>
      Number((id === 'all' ? replayAll.run(now(), now()) : replayOne.run(now(), now(), id)).changes),
    counts: () =>
      Object.fromEntries(
        (counts.all() as Array<{ state: string; n: number }>).map((r) => [r.state, Number(r.n)]),
      ),
    nextDueAt: () => {
      const row = nextDue.get() as { t: number | null };
      return row.t === null ? null : Number(row.t);
    },
    ping: () => {
      if (closed) throw storageError(new Error('store is closed'));
      pingStatement.get();
    },
    close() {
      if (closed) return;
      groups.close();
      closed = true;
      db.close();
    },
  };
}
