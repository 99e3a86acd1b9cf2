// A PostgreSQL schema name the suite's stores put into SQL (CREATE SCHEMA, qualified table names):
// identifiers cannot be bound as parameters, so only plain lower-case ones are accepted, which need
// no quoting and cannot close a statement. The receiver's config, its store and the MCP server's
// user store check with this one rule.

/** What a schema name must be, for messages: "storage.schema must be …". */
export const DATABASE_SCHEMA_RULE = 'a plain lower-case identifier (letters, digits, _; at most 63)';

export function isDatabaseSchemaName(value: string): boolean {
  return /^[a-z_][a-z0-9_]{0,62}$/.test(value);
}
