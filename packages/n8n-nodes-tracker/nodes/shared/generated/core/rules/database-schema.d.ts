// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
/** What a schema name must be, for messages: "storage.schema must be …". */
export declare const DATABASE_SCHEMA_RULE = "a plain lower-case identifier (letters, digits, _; at most 63)";
export declare function isDatabaseSchemaName(value: string): boolean;
