import { existsSync, readFileSync } from 'node:fs';
import { parseConfigText } from '../config/config-text.ts';
import { DATABASE_URL_ENV } from '../config/load-config.ts';
import { openStore } from '../store/open-store.ts';
import type { Store } from '../store/store.ts';

/** Which store a tool opens: the SQLite file at a path, or a PostgreSQL database (and schema). */
export type StoreTarget = { path: string } | { url: string; schema?: string };

const isPostgresUrl = (value: string) => /^postgres(ql)?:\/\//.test(value);

/** `--db`: a file path or a postgres:// URL. */
export function storeTargetFromArg(db: string): StoreTarget {
  return isPostgresUrl(db) ? { url: db } : { path: db };
}

/**
 * The store a configuration file names, without loading the rest (the tools need no signing
 * secrets): `storage.url` (a string or `{ env: NAME }`), else TRACKERKIT_WEBHOOKS_DATABASE_URL,
 * else `storage.path`.
 */
export function storeTargetFromFile(file: string, env: NodeJS.ProcessEnv = process.env): StoreTarget {
  const text = readFileSync(file, 'utf8');
  const raw = parseConfigText(text, file) as {
    storage?: { path?: unknown; url?: unknown; schema?: unknown };
  };
  const s = raw?.storage ?? {};
  const ref = s.url;
  const url =
    typeof ref === 'string'
      ? ref
      : typeof ref === 'object' && ref !== null && typeof (ref as { env?: unknown }).env === 'string'
        ? env[(ref as { env: string }).env]
        : env[DATABASE_URL_ENV];
  if (url) return { url, ...(typeof s.schema === 'string' ? { schema: s.schema } : {}) };
  return { path: typeof s.path === 'string' && s.path.length > 0 ? s.path : 'trackerkit-webhooks.db' };
}

/**
 * Opens the store beside a running receiver (never taking a SQLite owner's lock), or explains
 * why not: a missing file would become an empty store, and a typo must not look like success.
 * `create` (a silence added before the first `serve`, for a maintenance window planned ahead):
 * a missing file is created, and `created` says so, so a typo is visible.
 */
export async function openToolStore(
  target: StoreTarget,
  now?: () => number,
  create = false,
): Promise<{ store: Store; created?: string } | { error: string }> {
  if ('url' in target) {
    return {
      store: await (await import('../store/postgres/open-postgres-store.ts')).openPostgresStore({
        url: target.url,
        register: false,
        ...(target.schema ? { schema: target.schema } : {}),
        ...(now ? { now } : {}),
      }),
    };
  }
  const missing = target.path !== ':memory:' && !existsSync(target.path);
  if (missing && !create) return { error: `no store at ${target.path} (check --db or storage.path)` };
  const store = openStore(target.path, { owner: false, ...(now ? { now } : {}) });
  return missing ? { store, created: target.path } : { store };
}
