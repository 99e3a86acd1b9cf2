// Both user stores for tests that must hold for each: a fresh SQLite file, or a PostgreSQL schema
// of its own (127.0.0.1:5432, database `test`, trust auth, as on every machine of this project;
// TRACKERKIT_TEST_DATABASE_URL overrides). `name` reopens the same one.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgresUserTokens } from '../../src/oauth/postgres-user-tokens.ts';
import { openSqliteUserTokens, type UserTokens } from '../../src/oauth/user-tokens.ts';

export const TEST_DATABASE_URL =
  process.env.TRACKERKIT_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Opened = UserTokens & { name: string };
export type OpenUserTokens = (key: Buffer, name?: string) => Promise<Opened>;

const dir = mkdtempSync(join(tmpdir(), 'tk-users-'));
const schemas = new Set<string>();

export const openSqlite: OpenUserTokens = async (key, name = randomUUID()) =>
  Object.assign(openSqliteUserTokens(join(dir, `${name}.db`), key), { name });

export const openPostgres: OpenUserTokens = async (key, name) => {
  const schema = name ?? `tk_mcp_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  schemas.add(schema);
  return Object.assign(await openPostgresUserTokens({ url: TEST_DATABASE_URL, key, schema }), {
    name: schema,
  });
};

export const USER_STORES: Array<[string, OpenUserTokens]> = [
  ['sqlite', openSqlite],
  ['postgres', openPostgres],
];

export async function dropUserSchemas(): Promise<void> {
  if (schemas.size === 0) return;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
