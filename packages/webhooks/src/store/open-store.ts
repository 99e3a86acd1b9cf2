import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { storageError } from '../errors.ts';
import { prepareSilences } from '../silences/silence-store.ts';
import { prepareBrowse } from './browse.ts';
import { flushPlan } from './group-plan.ts';
import { ingestPlan } from './ingest-plan.ts';
import { lockStore, type StoreLock } from './lock-store.ts';
import { OUTBOX_COUNTS, outboxCountsOf } from './outbox-counts.ts';
import { runPlan } from './plan.ts';
import { repeatDue, toFiringRow } from './repeat-due.ts';
import { createPruneStep } from './retention.ts';
import { DELIVERY_COLUMNS, rowToDelivery, SQLITE_DEAD_LETTERS } from './row-to-delivery.ts';
import { ENDED_ALERTS_KEPT_MS, NOTIFY_LOG_KEPT_MS, SCHEMA } from './schema.ts';
import { sqliteFlushOps } from './sqlite-group-ops.ts';
import { sqliteIngestOps } from './sqlite-ingest-ops.ts';
import { sqlitePruneOps } from './sqlite-prune-ops.ts';
import { startCheckpointer } from './start-checkpointer.ts';
import type { Store } from './store.ts';
import type { DeliveryRow } from './types.ts';
import { createWriteBatch } from './write-batch.ts';

export interface StoreOptions {
  /** `full` survives power loss; `normal` (WAL) survives a process crash. Default full. */
  synchronous?: 'full' | 'normal';
  now?: () => number;
  /**
   * The receiver owns its file: it takes the owner lock, records itself and answers the
   * readiness probe (default). Tools that open the file beside a running receiver (the
   * dead-letters and silence CLIs) pass false.
   */
  owner?: boolean;
}

// Beside the shared schema: who owns the file (named when a second process is refused), the
// readiness probe's row, and the index retention and foreign keys need to find an alert's rows.
const OWNER_SCHEMA = `
CREATE TABLE IF NOT EXISTS store_owner (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  pid INTEGER NOT NULL,
  started_at TEXT NOT NULL,
  probed_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS deliveries_alert ON deliveries (alert_id);
`;

/** Who holds a store, read without taking any lock (for the "in use" error). */
function describeOwner(path: string): string | undefined {
  try {
    const db = new DatabaseSync(path, { readOnly: true, timeout: 1000 });
    try {
      const row = db.prepare('SELECT pid, started_at FROM store_owner WHERE id = 1').get() as
        | { pid: number; started_at: string }
        | undefined;
      return row ? `pid ${row.pid}, started ${row.started_at}` : undefined;
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}

/**
 * Brings a file written by an earlier version up to this schema (tables new since then are made
 * by the schema itself): columns added later are added here, before any statement names them.
 */
function migrate(db: DatabaseSync): void {
  const add = (table: string, columns: Array<[string, string]>) => {
    const have = db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>;
    if (have.length === 0) return;
    for (const [name, type] of columns)
      if (!have.some((c) => c.name === name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${name} ${type}`);
  };
  add('deliveries', [
    ['group_key', 'TEXT'],
    ['payload', 'TEXT'],
  ]);
  add('alert_groups', [
    ['am_key', "TEXT NOT NULL DEFAULT ''"],
    ['labels', "TEXT NOT NULL DEFAULT '{}'"],
    ['receiver', 'TEXT'],
    ['destinations', "TEXT NOT NULL DEFAULT '[]'"],
    ['flushed', 'INTEGER NOT NULL DEFAULT 0'],
    ['wait_ms', 'INTEGER NOT NULL DEFAULT 0'],
    ['interval_ms', 'INTEGER NOT NULL DEFAULT 300000'],
    ['repeat_ms', 'INTEGER NOT NULL DEFAULT 0'],
    ['ungrouped', 'INTEGER NOT NULL DEFAULT 0'],
    ['emptied_at', 'INTEGER'],
  ]);
  add('tracker_firing', [
    ['body', 'TEXT'],
    ['ends_at', 'INTEGER'],
  ]);
}

/** The durable store and outbox, SQLite through node:sqlite (no native build). */
export function openStore(path: string, options: StoreOptions = {}): Store {
  const now = options.now ?? Date.now;
  const owner = options.owner !== false;
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  // A second receiver on the same file would claim the same rows and send them twice.
  const lock: StoreLock | undefined =
    owner && path !== ':memory:' ? lockStore(path, () => describeOwner(path)) : undefined;
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path);
  } catch (error) {
    lock?.release();
    throw error;
  }
  // busy_timeout first: switching to WAL needs a lock another connection may briefly hold.
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;');
  // WAL + FULL fsyncs the log at every COMMIT: a 2xx survives power loss, not only kill -9.
  // WAL + NORMAL fsyncs only at checkpoints: a committed alert survives a process crash (it is
  // in the OS page cache) but the last transactions can roll back on power loss. Group commit
  // makes FULL affordable (one fsync per group), so it stays the default.
  const synchronous = options.synchronous === 'normal' ? 'NORMAL' : 'FULL';
  db.exec(`PRAGMA synchronous = ${synchronous};`);
  migrate(db);
  db.exec(SCHEMA);
  db.exec(OWNER_SCHEMA);
  if (owner) {
    db.prepare(
      `INSERT INTO store_owner (id, pid, started_at) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET pid = excluded.pid, started_at = excluded.started_at`,
    ).run(process.pid, new Date(now()).toISOString());
  }
  const ingestOps = sqliteIngestOps(db);
  const flushOps = sqliteFlushOps(db);
  // The owner writes all the time; tools beside it and an in-memory store leave SQLite's default.
  const checkpointer = owner && path !== ':memory:' ? startCheckpointer(db, path) : undefined;
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
  // A write, committed: reading succeeds on a full disk, so a read proves nothing about ingest.
  const probe = db.prepare('UPDATE store_owner SET probed_at = ? WHERE id = 1');
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
  const silences = prepareSilences(db, now);
  const firingAlerts = db.prepare(
    `SELECT COALESCE(f.body, a.body) AS body FROM tracker_firing f JOIN alerts a ON a.id = f.alert_id
      WHERE f.ends_at IS NULL OR f.ends_at > ?`,
  );
  // What Alertmanager forgets (see Store.forgetEnded).
  const forgetRepeats = db.prepare(
    'DELETE FROM firing WHERE scope IN (SELECT tracker_id FROM tracker_firing WHERE ends_at <= ?)',
  );
  const forgetAlerts = db.prepare('DELETE FROM tracker_firing WHERE ends_at <= ?');
  const forgetLogs = db.prepare('DELETE FROM notify_log WHERE at < ?');
  const browse = prepareBrowse(db);
  const oldSilences = db.prepare('DELETE FROM silences WHERE ends_at < ?');
  const hold = db.prepare(
    `INSERT INTO destination_holds (destination, until) VALUES (?, ?)
     ON CONFLICT (destination) DO UPDATE SET until = MAX(until, excluded.until)`,
  );
  const release = db.prepare('UPDATE destination_holds SET until = 0 WHERE destination = ?');
  const holds = db.prepare('SELECT destination, until FROM destination_holds WHERE until > ?');
  const nextFlush = db.prepare('SELECT MIN(next_flush) AS t FROM alert_groups');
  const nextDue = db.prepare("SELECT MIN(next_attempt_at) AS t FROM deliveries WHERE state = 'pending'");

  let closed = false;
  const writes = createWriteBatch(db, storageError);
  const write = (op: () => unknown): Promise<void> => {
    if (closed) return Promise.reject(storageError(new Error('store is closed')));
    return writes.write(op).then(() => {});
  };
  const prune = createPruneStep(sqlitePruneOps(db, (op) => writes.write(op)));

  const live = () => (closed ? Promise.reject(storageError(new Error('store is closed'))) : undefined);
  // Reads and the tools' writes run at once on the caller's thread; a failure is a rejected promise.
  const asPromise = <T>(fn: () => T): Promise<T> => {
    try {
      return Promise.resolve(fn());
    } catch (error) {
      return Promise.reject(error);
    }
  };

  return {
    kind: 'sqlite',
    ingest: (item) => live() ?? writes.write(() => runPlan(ingestPlan(item, now()), ingestOps)),
    due: (limit, skip) =>
      asPromise(() => {
        const ids = dueIds.all(now(), limit + skip.size) as Array<{ id: number }>;
        const rows: DeliveryRow[] = [];
        for (const { id } of ids) {
          if (rows.length === limit) break;
          if (skip.has(Number(id))) continue;
          const row = byId.get(id) as Record<string, unknown> | undefined;
          if (row) rows.push(rowToDelivery(row));
        }
        return rows;
      }),
    markDelivered: (id, status) => write(() => delivered.run(status, now(), now(), id)),
    markRetry: (id, at, status, error) => write(() => retry.run(at, status, error.slice(0, 2000), now(), id)),
    postpone: (id, at) => write(() => postpone.run(at, id)),
    markDead: (id, status, error) => write(() => dead.run(status, error.slice(0, 2000), now(), id)),
    get: (id) =>
      asPromise(() => {
        const row = byId.get(id) as Record<string, unknown> | undefined;
        return row ? rowToDelivery(row) : undefined;
      }),
    list: (state, limit = 1000) =>
      asPromise(() =>
        (
          (state === 'dead' ? deadLetters.all(limit) : byState.all(state, limit)) as Record<string, unknown>[]
        ).map(rowToDelivery),
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
    repeatDue: (isMuted) =>
      repeatDue(
        {
          dueFiring: (t, limit) =>
            asPromise(() => (dueFiring.all(t, limit) as Record<string, unknown>[]).map(toFiringRow)),
          applyRepeats: (decisions, t) =>
            writes.write(() => {
              let made = 0;
              for (const { row, nextAt, repeats, deliveries, end } of decisions) {
                if (end) {
                  endFiring.run(row.route, row.scope, row.alertId, row.repeats);
                  continue;
                }
                const moved = advanceFiring.run(
                  nextAt,
                  repeats,
                  row.route,
                  row.scope,
                  row.alertId,
                  row.repeats,
                );
                if (Number(moved.changes) === 0) continue;
                for (const d of deliveries)
                  made += Number(
                    insertRepeat.run(row.alertId, d.destination, row.route, d.idempotencyKey, t, t, t)
                      .changes,
                  );
              }
              return made;
            }),
        },
        now(),
        isMuted,
      ),
    flushGroups: (judge) => live() ?? writes.write(() => runPlan(flushPlan(now(), judge), flushOps)),
    nextFlushAt: () =>
      asPromise(() => {
        const row = nextFlush.get() as { t: number | null };
        return row.t === null ? null : Number(row.t);
      }),
    nextDueAt: () =>
      asPromise(() => {
        const row = nextDue.get() as { t: number | null };
        return row.t === null ? null : Number(row.t);
      }),
    ping: () =>
      asPromise(() => {
        if (closed) throw storageError(new Error('store is closed'));
        if (owner) probe.run(now());
      }),
    prune: (kind, before, afterId, window) => prune(kind, before, afterId, window),
    pruneSilences: (before) => asPromise(() => Number(oldSilences.run(before).changes)),
    forgetEnded: (t) =>
      live() ??
      writes.write(() => {
        forgetRepeats.run(t - ENDED_ALERTS_KEPT_MS);
        forgetLogs.run(t - NOTIFY_LOG_KEPT_MS);
        return Number(forgetAlerts.run(t - ENDED_ALERTS_KEPT_MS).changes);
      }),
    silences,
    firingAlerts: (t = now()) =>
      asPromise(() => (firingAlerts.all(t) as Array<{ body: string }>).map((r) => r.body)),
    holdDestination: (destination, until) => write(() => hold.run(destination, until)),
    releaseDestination: (destination) => write(() => release.run(destination)),
    destinationHolds: (t) =>
      asPromise(
        () =>
          new Map(
            (holds.all(t) as Array<{ destination: string; until: number }>).map((r) => [
              r.destination,
              Number(r.until),
            ]),
          ),
      ),
    browse,
    async close() {
      if (closed) return;
      writes.flush();
      closed = true;
      checkpointer?.stop();
      db.close();
      lock?.release();
    },
  };
}
