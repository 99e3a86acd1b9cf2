import { WebhooksError } from '../errors.ts';

/**
 * A database's migrations, in order: migration n is the list's entry n - 1. Each runs once, inside
 * the transaction that records n as the database's version (SQLite: `PRAGMA user_version`;
 * PostgreSQL: a row in `trackerkit_migrations`). Never edit one that has shipped: add the next.
 */
export type Migrations = readonly string[];

/** A database this build cannot bring to its schema: made by another build. */
export function unknownSchema(database: string, what: string): WebhooksError {
  return new WebhooksError(
    `${database} ${what}: it was made by another build of the receiver; start on a new database`,
    { status: 500, reason: 'storage' },
  );
}

/** The migrations a database at `version` has still to run, numbered. */
export function migrationsAfter(
  list: Migrations,
  version: number,
  database: string,
): Array<{ version: number; sql: string }> {
  if (!Number.isInteger(version) || version < 0 || version > list.length)
    throw unknownSchema(database, `is at schema version ${version}, this build knows 1 to ${list.length}`);
  return list.slice(version).map((sql, i) => ({ version: version + i + 1, sql }));
}
