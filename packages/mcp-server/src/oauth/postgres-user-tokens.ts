import { DATABASE_SCHEMA_RULE, isDatabaseSchemaName } from '@trackerkit/core';
import pg from 'pg';
import { createLinkStore, REGISTRATION_LINKS_TABLE } from './link-store.ts';
import { createUnsealer, seal, USER_TOKENS_TABLE, type UserTokens } from './user-tokens.ts';

export interface PostgresUserTokensOptions {
  url: string;
  key: Buffer;
  /** Schema of the table (default public); created if missing. */
  schema?: string;
  poolSize?: number;
}

/** Any fixed number: replicas starting together create the table one at a time. */
const MIGRATION_LOCK = 0x7472_6b6d; // "trkm"

/**
 * Users' tokens in PostgreSQL, for replicas behind a load balancer: every replica reads the same
 * rows, so any of them serves any user and none keeps state between requests. Sealed exactly as
 * in the SQLite file. A database that cannot be reached at start-up stops start-up.
 */
export async function openPostgresUserTokens(options: PostgresUserTokensOptions): Promise<UserTokens> {
  const schema = options.schema ?? 'public';
  if (!isDatabaseSchemaName(schema))
    throw new Error(`database schema must be ${DATABASE_SCHEMA_RULE}, got "${schema}"`);
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 4 });
  // An idle connection the server closes (a restart) must not crash the process.
  pool.on('error', () => {});
  const table = `${schema}.user_tokens`;
  const client = await pool.connect().catch(async (error: Error) => {
    await pool.end();
    throw new Error(`cannot reach the user store's database: ${error.message}`);
  });
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`SET LOCAL search_path TO ${schema}`);
    await client.query(USER_TOKENS_TABLE('bytea'));
    await client.query(REGISTRATION_LINKS_TABLE('bytea'));
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  const { key } = options;
  const open = createUnsealer(key);
  return {
    async get(user) {
      const { rows } = await pool.query<{ sealed: Buffer }>(
        `SELECT sealed FROM ${table} WHERE issuer = $1 AND subject = $2`,
        [user.issuer, user.subject],
      );
      return rows[0] ? open(user, rows[0].sealed) : undefined;
    },
    async put(user, token) {
      await pool.query(
        `INSERT INTO ${table} (issuer, subject, sealed, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (issuer, subject) DO UPDATE SET sealed = excluded.sealed, updated_at = excluded.updated_at`,
        [user.issuer, user.subject, seal(key, user, token), new Date().toISOString()],
      );
    },
    async remove(user) {
      const result = await pool.query(`DELETE FROM ${table} WHERE issuer = $1 AND subject = $2`, [
        user.issuer,
        user.subject,
      ]);
      return (result.rowCount ?? 0) > 0;
    },
    links: createLinkStore(async (sql, params) => {
      const result = await pool.query(sql, params as unknown[]);
      return { rows: result.rows, changes: result.rowCount ?? 0 };
    }, `${schema}.registration_links`),
    close: () => pool.end(),
  };
}
