import type { Pool, PoolClient } from 'pg';
import { inTransaction } from './in-transaction.ts';

export interface PgWriteBatch {
  /**
   * Runs `op` inside the next transaction; resolves with its result after that COMMIT returned.
   * `order` places it among the batch's writes (then arrival order): see `createPgWriteBatch`.
   */
  write<T>(op: (client: PoolClient) => Promise<T>, order?: string): Promise<T>;
  /** Resolves once every write queued so far has settled (at close). */
  settled(): Promise<void>;
}

interface Queued {
  op: (client: PoolClient) => Promise<unknown>;
  order: string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const byOrder = (a: Queued, b: Queued) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0);

/**
 * Group commit on PostgreSQL, as `createWriteBatch` does it on SQLite: the writes queued while a
 * batch runs share the next transaction, one batch at a time, so a busy replica pays one BEGIN and
 * one COMMIT per batch, not per alert, and the busier it is the more writes share one.
 *
 * Writes run in `order` (a stable sort, so writes of one key keep their arrival order): replicas
 * whose batches touch the same trackers' rows lock them in one order and wait for each other
 * instead of deadlocking. A batch that fails (a deadlock after its retries, one write's bad value)
 * runs again one write per transaction, so one write's trouble never fails its neighbours.
 */
export function createPgWriteBatch(pool: Pool): PgWriteBatch {
  let queue: Queued[] = [];
  let running: Promise<void> | undefined;

  const runAll = async (client: PoolClient, group: Queued[]) => {
    const results: unknown[] = [];
    for (const q of group) results.push(await q.op(client));
    return results;
  };

  const runBatch = async (group: Queued[]) => {
    try {
      const results = await inTransaction(pool, (client) => runAll(client, group));
      for (const [i, q] of group.entries()) q.resolve(results[i]);
      return;
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
    }
    for (const q of group) await inTransaction(pool, q.op).then(q.resolve, q.reject);
  };

  // While a batch runs, writes gather; its end starts the next with all of them.
  const drain = async () => {
    while (queue.length > 0) {
      const group = queue.sort(byOrder);
      queue = [];
      await runBatch(group);
    }
    running = undefined;
  };

  return {
    write<T>(op: (client: PoolClient) => Promise<T>, order = ''): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ op, order, resolve: resolve as (value: unknown) => void, reject });
        running ??= new Promise<void>((started) => setImmediate(started)).then(drain);
      });
    },
    settled: () => running ?? Promise.resolve(),
  };
}
