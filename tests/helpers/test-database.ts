// PostgreSQL for the packages' tests: 127.0.0.1:5432, database `test`, trust auth, as on every
// machine of this project (TRACKERKIT_TEST_DATABASE_URL overrides). Each test makes schemas of its
// own and drops them, so runs never see each other's rows.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_URL =
  process.env.TRACKERKIT_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A schema name no other test or run uses: `prefix_` and 16 random hex digits. */
export function freshSchema(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
}

/** Drops the schemas (and all in them) a test made. */
export async function dropSchemas(names: Iterable<string>): Promise<void> {
  const list = [...names];
  if (list.length === 0) return;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    for (const name of list) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  } finally {
    await client.end();
  }
}
