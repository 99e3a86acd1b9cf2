import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { openText, sealText } from '../secrets/seal.ts';
import { TOKEN_KEY_ENV } from '../secrets/token-key.ts';
import { keptAtMost } from './kept-at-most.ts';
import { createLinkStore, type LinkStore, REGISTRATION_LINKS_TABLE, type RunSql } from './link-store.ts';
import type { TokenSubject } from './token-claims.ts';

/** Each user's Tracker API token, kept by this server. */
export interface UserTokens {
  get(user: TokenSubject): Promise<string | undefined>;
  put(user: TokenSubject, token: string): Promise<void>;
  /** True when a token was removed. */
  remove(user: TokenSubject): Promise<boolean>;
  /** Registration links, in the same database (every replica sees the same ones). */
  links: LinkStore;
  close(): Promise<void>;
}

/** One row per user; the same columns on SQLite and PostgreSQL (postgres-user-tokens.ts). */
export const USER_TOKENS_TABLE = (blob: string) => `
CREATE TABLE IF NOT EXISTS user_tokens (
  issuer TEXT NOT NULL,
  subject TEXT NOT NULL,
  sealed ${blob} NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (issuer, subject)
)`;

// Binds a sealed token to its user: a row copied onto another user's key does not open.
const aad = (user: TokenSubject) => Buffer.from(JSON.stringify([user.issuer, user.subject]));

/** A user's token, sealed for the store (AES-256-GCM, seal.ts). */
export function seal(key: Buffer, user: TokenSubject, token: string): Buffer {
  return sealText(key, aad(user), token);
}

/** The token, or an error when the key is not the one it was sealed with or the row was altered. */
export function unseal(key: Buffer, user: TokenSubject, sealed: Uint8Array): string {
  try {
    return openText(key, aad(user), sealed);
  } catch {
    // The operator's to fix (the server answers 503 and logs this), never silently "not registered".
    throw new Error(
      `cannot open the stored API token of ${user.subject}: ${TOKEN_KEY_ENV} is not the key it was sealed with, or the row was altered`,
    );
  }
}

/** Opened tokens kept per store at most (a user's sealed row and its token): the oldest goes first. */
const MAX_OPENED = 1024;

/**
 * unseal for one store: a row already opened for its user is not decrypted again. The stores read
 * the row on every call (so a token replaced or removed by any replica is seen at once), and
 * decrypting the same row again on every call would be work for nothing. The memo is keyed by the user and the sealed bytes, so a
 * row copied onto another user still does not open, and a row sealed anew is opened anew.
 */
export function createUnsealer(key: Buffer): (user: TokenSubject, sealed: Uint8Array) => string {
  const opened = keptAtMost<string>(MAX_OPENED);
  return (user, sealed) => {
    const memo = `${aad(user).toString('latin1')}\n${Buffer.from(sealed).toString('base64')}`;
    const known = opened.get(memo);
    if (known !== undefined) return known;
    const token = unseal(key, user, sealed);
    opened.set(memo, token);
    return token;
  };
}

/** The embedded store: one SQLite file (node:sqlite), tokens sealed with `key`. */
export function openSqliteUserTokens(path: string, key: Buffer): UserTokens {
  const open = createUnsealer(key);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL;');
  db.exec(USER_TOKENS_TABLE('BLOB'));
  db.exec(REGISTRATION_LINKS_TABLE('BLOB'));
  const select = db.prepare('SELECT sealed FROM user_tokens WHERE issuer = ? AND subject = ?');
  const upsert = db.prepare(
    `INSERT INTO user_tokens (issuer, subject, sealed, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (issuer, subject) DO UPDATE SET sealed = excluded.sealed, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare('DELETE FROM user_tokens WHERE issuer = ? AND subject = ?');
  // The link store's statements are PostgreSQL's `$n`; SQLite numbers its parameters `?n`.
  const statements = new Map<string, StatementSync>();
  const run: RunSql = async (sql, params) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql.replace(/\$(\d+)/g, '?$1'));
      statements.set(sql, statement);
    }
    const values = params as (string | number | Uint8Array | null)[];
    if (/^\s*SELECT\b/i.test(sql)) return { rows: statement.all(...values), changes: 0 };
    return { rows: [], changes: Number(statement.run(...values).changes) };
  };
  return {
    async get(user) {
      const row = select.get(user.issuer, user.subject) as { sealed: Uint8Array } | undefined;
      return row ? open(user, row.sealed) : undefined;
    },
    async put(user, token) {
      upsert.run(user.issuer, user.subject, seal(key, user, token), new Date().toISOString());
    },
    async remove(user) {
      return Number(remove.run(user.issuer, user.subject).changes) > 0;
    },
    links: createLinkStore(run, 'registration_links'),
    async close() {
      if (db.isOpen) db.close();
    },
  };
}
