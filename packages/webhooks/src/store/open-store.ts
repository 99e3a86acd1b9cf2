import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { storageError } from '../errors.ts';
import { prepareBrowse } from './browse.ts';
import { flushPlan } from './group-plan.ts';
import { ingestPlan } from './ingest-plan.ts';
import { lockStore, type StoreLock } from './lock-store.ts';
import { runPlan } from './plan.ts';
import { createPruneStep } from './retention.ts';
import { migrate } from './schema.ts';
import { prepareSilences } from './silence-store.ts';
import { sqliteFiring } from './sqlite-firing.ts';
import { sqliteFlushOps } from './sqlite-group-ops.ts';
import { sqliteIngestOps } from './sqlite-ingest-ops.ts';
import { asPromise, sqliteOutbox } from './sqlite-outbox.ts';
import { sqlitePruneOps } from './sqlite-prune-ops.ts';
import { startCheckpointer } from './start-checkpointer.ts';
import type { Store } from './store.ts';
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

/** The file opened, locked (when owned), migrated and recorded as its owner's. */
function openDatabase(
  path: string,
  options: StoreOptions,
  now: () => number,
): { db: DatabaseSync; lock?: StoreLock } {
  const owner = options.owner !== false;
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  // A second receiver on the same file would claim the same rows and send them twice.
  const lock = owner && path !== ':memory:' ? lockStore(path, () => describeOwner(path)) : undefined;
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path);
    // busy_timeout first: switching to WAL needs a lock another connection may briefly hold.
    db.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;');
    // WAL + FULL fsyncs the log at every COMMIT: a 2xx survives power loss, not only kill -9.
    // WAL + NORMAL fsyncs only at checkpoints: a committed alert survives a process crash (it is
    // in the OS page cache) but the last transactions can roll back on power loss. Group commit
    // makes FULL affordable (one fsync per group), so it stays the default.
    db.exec(`PRAGMA synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'};`);
    migrate(db, path);
    if (owner)
      db.prepare(
        `INSERT INTO store_owner (id, pid, started_at) VALUES (1, ?, ?)
           ON CONFLICT (id) DO UPDATE SET pid = excluded.pid, started_at = excluded.started_at`,
      ).run(process.pid, new Date(now()).toISOString());
    return lock ? { db, lock } : { db };
  } catch (error) {
    db?.close();
    lock?.release();
    throw error;
  }
}

/** The durable store and outbox, SQLite through node:sqlite (no native build). */
export function openStore(path: string, options: StoreOptions = {}): Store {
  const now = options.now ?? Date.now;
  const owner = options.owner !== false;
  const { db, lock } = openDatabase(path, options, now);
  const ingestOps = sqliteIngestOps(db);
  const flushOps = sqliteFlushOps(db);
  // The owner writes all the time; tools beside it and an in-memory store leave SQLite's default.
  const checkpointer = owner && path !== ':memory:' ? startCheckpointer(db, path) : undefined;
  // A write, committed: reading succeeds on a full disk, so a read proves nothing about ingest.
  const probe = db.prepare('UPDATE store_owner SET probed_at = ? WHERE id = 1');
  const oldSilences = db.prepare('DELETE FROM silences WHERE ends_at < ?');
  const hold = db.prepare(
    `INSERT INTO destination_holds (destination, until) VALUES (?, ?)
     ON CONFLICT (destination) DO UPDATE SET until = MAX(until, excluded.until)`,
  );
  const release = db.prepare('UPDATE destination_holds SET until = 0 WHERE destination = ?');
  const holds = db.prepare('SELECT destination, until FROM destination_holds WHERE until > ?');
  const nextFlush = db.prepare('SELECT MIN(next_flush) AS t FROM alert_groups');

  let closed = false;
  const writes = createWriteBatch(db, storageError);
  // Every write goes through the group commit; a closed store refuses it.
  const transaction = <T>(op: () => T): Promise<T> =>
    closed ? Promise.reject(storageError(new Error('store is closed'))) : writes.write(op);
  const write = (op: () => unknown) => transaction(op).then(() => {});
  const prune = createPruneStep(sqlitePruneOps(db, (op) => writes.write(op)));

  return {
    kind: 'sqlite',
    ingest: (item) => transaction(() => runPlan(ingestPlan(item, now()), ingestOps)),
    ...sqliteOutbox({ db, now, write }),
    ...sqliteFiring(db, now, transaction),
    flushGroups: (judge) => transaction(() => runPlan(flushPlan(now(), judge), flushOps)),
    nextFlushAt: () =>
      asPromise(() => {
        const row = nextFlush.get() as { t: number | null };
        return row.t === null ? null : Number(row.t);
      }),
    ping: () =>
      asPromise(() => {
        if (closed) throw storageError(new Error('store is closed'));
        if (owner) probe.run(now());
      }),
    prune: (kind, before, afterId, window) => prune(kind, before, afterId, window),
    pruneSilences: (before) => asPromise(() => Number(oldSilences.run(before).changes)),
    silences: prepareSilences(db, now),
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
    browse: prepareBrowse(db),
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
