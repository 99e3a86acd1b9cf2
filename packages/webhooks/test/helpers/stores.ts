// The store contract's two implementations, for tests that must hold for both: the embedded SQLite
// file and PostgreSQL (127.0.0.1:5432, database `test`, trust auth, as on every machine of this
// project; TRACKERKIT_TEST_DATABASE_URL overrides). Each open gets a fresh file or a schema of its
// own; `dropSchemas` removes the schemas a test file made.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  dropSchemas as dropTestSchemas,
  freshSchema,
  TEST_DATABASE_URL,
} from '../../../../tests/helpers/test-database.ts';
import { openStore } from '../../src/store/open-store.ts';
import { openPostgresStore } from '../../src/store/postgres/open-postgres-store.ts';
import type { Store } from '../../src/store/store.ts';

export interface OpenOptions {
  now?: () => number;
  /** Reopen the same file or schema (a restart, a second replica). */
  name?: string;
  replicaId?: string;
  leaseMs?: number;
}

export type OpenStore = (options?: OpenOptions) => Promise<Store & { name: string }>;

const dir = mkdtempSync(join(tmpdir(), 'tk-stores-'));
const schemas = new Set<string>();

export const openSqlite: OpenStore = async (options = {}) => {
  const name = options.name ?? randomUUID();
  return Object.assign(openStore(join(dir, `${name}.db`), options.now ? { now: options.now } : {}), { name });
};

export const openPostgres: OpenStore = async (options = {}) => {
  const name = options.name ?? freshSchema('tk_test');
  schemas.add(name);
  const store = await openPostgresStore({
    url: TEST_DATABASE_URL,
    schema: name,
    poolSize: 4,
    ...(options.now ? { now: options.now } : {}),
    ...(options.replicaId ? { replicaId: options.replicaId } : {}),
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
  });
  return Object.assign(store, { name });
};

/** `describe.each(STORES)('%s', (_kind, open) => ...)` */
export const STORES: Array<[string, OpenStore]> = [
  ['sqlite', openSqlite],
  ['postgres', openPostgres],
];

/** Drops the schemas this file's tests made (afterAll). */
export async function dropSchemas(): Promise<void> {
  await dropTestSchemas(schemas);
  schemas.clear();
}
