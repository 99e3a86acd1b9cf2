import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { buildStore } from './memory-store.ts';
import { COLLECTION_INDEXES, type CollectionName, type Keyed, type Store } from './store.ts';

/**
 * SQLite persistence through node:sqlite. Every record lives in memory for reads and is written
 * through synchronously on each change, so a change is on disk before the request that made it is
 * answered. One table per collection: (id, doc JSON).
 */
export function createSqliteStore(file: string): Store {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  const names = Object.keys(COLLECTION_INDEXES) as CollectionName[];
  const upserts = new Map<CollectionName, StatementSync>();
  const deletes = new Map<CollectionName, StatementSync>();
  for (const name of names) {
    db.exec(`CREATE TABLE IF NOT EXISTS ${name} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
    upserts.set(name, db.prepare(`INSERT OR REPLACE INTO ${name} (id, doc) VALUES (?, ?)`));
    deletes.set(name, db.prepare(`DELETE FROM ${name} WHERE id = ?`));
  }
  let depth = 0;
  const transaction = <R>(fn: () => R): R => {
    if (depth > 0) return fn();
    depth++;
    db.exec('BEGIN');
    try {
      const out = fn();
      db.exec('COMMIT');
      return out;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    } finally {
      depth--;
    }
  };
  let open = true;
  const built = buildStore(
    (name) => ({
      onPut: (record: Keyed) => {
        upserts.get(name)?.run(record.id, JSON.stringify(record));
      },
      onDelete: (id: string) => {
        deletes.get(name)?.run(id);
      },
    }),
    transaction,
    () => {
      if (open) db.close();
      open = false;
    },
  );
  for (const name of names) {
    const rows = db.prepare(`SELECT doc FROM ${name}`).all() as { doc: string }[];
    // In creation order, so each ordered index only appends (rows come back in any order).
    const records = rows.map((row) => JSON.parse(row.doc) as Keyed).sort((a, b) => a.seq - b.seq);
    for (const record of records) {
      built.collections[name].load(record);
      built.bumpSeq(record.seq);
    }
  }
  return built.store;
}
