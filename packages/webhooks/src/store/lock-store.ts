import { DatabaseSync } from 'node:sqlite';
import { WebhooksError } from '../errors.ts';

export interface StoreLock {
  path: string;
  release(): void;
}

const SQLITE_BUSY = 5;

/**
 * Takes the store's owner lock: `<store>.lock`, a tiny SQLite file held with an exclusive lock
 * for as long as the receiver runs. The lock is the operating system's, so a process that died
 * (kill -9 included) leaves nothing stale behind: the next one simply takes it. A second live
 * process gets SQLITE_BUSY and is refused. `owner` describes the holder for that error.
 */
export function lockStore(storePath: string, owner: () => string | undefined): StoreLock {
  const path = `${storePath}.lock`;
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { timeout: 0 });
    // EXCLUSIVE locking mode keeps the lock from the first write until the connection closes.
    db.exec('PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = MEMORY;');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS owner (pid INTEGER NOT NULL, started_at TEXT NOT NULL)');
    db.exec('DELETE FROM owner');
    db.prepare('INSERT INTO owner (pid, started_at) VALUES (?, ?)').run(
      process.pid,
      new Date().toISOString(),
    );
    db.exec('COMMIT');
  } catch (error) {
    try {
      db?.close();
    } catch {}
    const busy = (error as { errcode?: number }).errcode === SQLITE_BUSY;
    const holder = busy ? owner() : undefined;
    throw new WebhooksError(
      busy
        ? `store ${storePath} is in use by another process${holder ? ` (${holder})` : ''}: its lock ${path} is held; one receiver owns a store`
        : `cannot lock store ${storePath} (${path}): ${(error as Error).message}`,
      { status: 500, reason: busy ? 'store_locked' : 'storage', cause: error },
    );
  }
  const held = db;
  return {
    path,
    release() {
      try {
        held.close();
      } catch {}
    },
  };
}
