// Both user stores for tests that must hold for each: a fresh SQLite file, or a PostgreSQL schema
// of its own (tests/helpers/test-database.ts). `name` reopens the same one.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSchemas, freshSchema, TEST_DATABASE_URL } from '../../../../tests/helpers/test-database.ts';
import { openPostgresUserTokens } from '../../src/oauth/postgres-user-tokens.ts';
import { openSqliteUserTokens, type UserTokens } from '../../src/oauth/user-tokens.ts';

type Opened = UserTokens & { name: string };
export type OpenUserTokens = (key: Buffer, name?: string) => Promise<Opened>;

const dir = mkdtempSync(join(tmpdir(), 'tk-users-'));
const schemas = new Set<string>();

export const openSqlite: OpenUserTokens = async (key, name = randomUUID()) =>
  Object.assign(openSqliteUserTokens(join(dir, `${name}.db`), key), { name });

export const openPostgres: OpenUserTokens = async (key, name) => {
  const schema = name ?? freshSchema('tk_mcp');
  schemas.add(schema);
  return Object.assign(await openPostgresUserTokens({ url: TEST_DATABASE_URL, key, schema }), {
    name: schema,
  });
};

export const USER_STORES: Array<[string, OpenUserTokens]> = [
  ['sqlite', openSqlite],
  ['postgres', openPostgres],
];

/** Drops the schemas this file's tests made (afterAll). */
export async function dropUserSchemas(): Promise<void> {
  await dropSchemas(schemas);
  schemas.clear();
}
