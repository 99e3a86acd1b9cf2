import type { DatabaseSync } from 'node:sqlite';

export interface WriteBatch {
  /** Runs `op` inside the next transaction; resolves with its result after that COMMIT returned. */
  write<T>(op: () => T): Promise<T>;
  /** Commits whatever is queued now, synchronously (at close). */
  flush(): void;
}

interface Queued {
  op: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit on the caller's thread. Every write the receiver makes (alerts with their outbox
 * rows, delivery outcomes, postponements) queues here, and the writes queued during one turn of
 * the event loop share one transaction: a busy receiver pays one fsync per turn, not one per
 * alert or per delivery. One connection and one thread write, so nothing waits on SQLite's lock.
 *
 * A failing write does not take its neighbours with it: the group is rolled back and each write
 * is retried in a transaction of its own, so only the failing one is rejected.
 */
export function createWriteBatch(db: DatabaseSync, storageError: (error: unknown) => Error): WriteBatch {
  let queue: Queued[] = [];
  let scheduled = false;

  const transaction = (group: Queued[]): unknown[] => {
    db.exec('BEGIN IMMEDIATE');
    try {
      const results = group.map((q) => q.op());
      db.exec('COMMIT');
      return results;
    } catch (error) {
      try {
        if (db.isTransaction) db.exec('ROLLBACK');
      } catch {}
      throw error;
    }
  };

  const flush = () => {
    scheduled = false;
    if (queue.length === 0) return;
    const group = queue;
    queue = [];
    try {
      const results = transaction(group);
      for (let i = 0; i < group.length; i++) group[i]!.resolve(results[i]);
      return;
    } catch {}
    for (const q of group) {
      try {
        q.resolve(transaction([q])[0]);
      } catch (error) {
        q.reject(storageError(error));
      }
    }
  };

  return {
    write<T>(op: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ op, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    flush,
  };
}
