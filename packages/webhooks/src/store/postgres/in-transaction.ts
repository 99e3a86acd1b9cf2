import type { Pool, PoolClient } from 'pg';

// serialization_failure and deadlock_detected: the transaction did nothing and may simply run again.
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

/**
 * Runs `work` again from the start when PostgreSQL chose it as the loser of a deadlock or a
 * serialization conflict (replicas writing the same rows at once: two alerts of one tracker,
 * say), as PostgreSQL advises; `work` is one transaction or one statement.
 */
export async function retried<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt < ATTEMPTS && code !== undefined && RETRYABLE.has(code)) continue;
      throw error;
    }
  }
}

/** Runs `work` in one transaction on a pooled connection; commits, or rolls back and rethrows. */
export function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  return retried(async () => {
    const client = await pool.connect();
    let broken = false;
    // A connection cut between two statements (the database restarted) emits 'error' on the
    // client, which nobody would hear while it is checked out: the process would crash. Heard
    // here, the next statement fails instead and the caller answers 503.
    const cut = () => {
      broken = true;
    };
    client.on('error', cut);
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      throw error;
    } finally {
      // A connection that could not even roll back is not given to the next caller.
      client.off('error', cut);
      client.release(broken);
    }
  });
}
