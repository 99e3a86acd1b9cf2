// Registration links kept in the user store (registration-link.ts says what they are for). The SQL
// is written once, in PostgreSQL's `$n` form, and run by both stores (user-tokens.ts rewrites the
// placeholders to SQLite's `?n`), so the rules that make a link single-use are stated once: the
// conditional UPDATEs below are what two racing POSTs, or two replicas, are decided by.
import type { TokenSubject } from './token-claims.ts';

/** One row per link: the same columns on SQLite and PostgreSQL. */
export const REGISTRATION_LINKS_TABLE = (blob: string) => `
CREATE TABLE IF NOT EXISTS registration_links (
  id TEXT PRIMARY KEY,
  issuer TEXT NOT NULL,
  subject TEXT NOT NULL,
  expires_at BIGINT NOT NULL,
  used INTEGER NOT NULL DEFAULT 0,
  staged ${blob},
  failures INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS registration_links_user ON registration_links (issuer, subject)`;

/** Unanswered links a user may hold at once; a new one replaces the oldest. */
export const LINKS_PER_USER = 5;
/** A used or expired link still answers "used"/"expired" for this long, then it is forgotten. */
const KEPT_AFTER_EXPIRY_MS = 24 * 60 * 60_000;

export interface StoredLink {
  user: TokenSubject;
  expiresAt: number;
  /** A token was staged on it (whether or not it was confirmed since). */
  used: boolean;
}

export interface LinkStore {
  /** Keeps a new, open link; forgets long-expired links and the user's oldest beyond LINKS_PER_USER. */
  add(id: string, user: TokenSubject, expiresAt: number, now: number): Promise<void>;
  get(id: string): Promise<StoredLink | undefined>;
  /**
   * Puts `staged` on the link and marks it used, only while it is open and unexpired: true for the
   * one call that did (a second POST, on any replica, gets false).
   */
  stage(id: string, staged: Uint8Array, expiresAt: number, now: number): Promise<boolean>;
  /** The user's links holding a staged token that is still unconfirmed and unexpired. */
  staged(user: TokenSubject, now: number): Promise<{ id: string; staged: Uint8Array }[]>;
  /** Removes a staged token: true for the one caller that did (the confirmation that counts). */
  take(id: string, now: number): Promise<boolean>;
  /** Counts a wrong confirmation code against the user's staged tokens; drops those at `max`. */
  fail(user: TokenSubject, max: number): Promise<void>;
}

type Row = Record<string, unknown>;
/** Runs one statement (`$n` placeholders): its rows, or how many rows it changed. */
export type RunSql = (sql: string, params: readonly unknown[]) => Promise<{ rows: Row[]; changes: number }>;

export function createLinkStore(run: RunSql, table: string): LinkStore {
  const ofUser = 'issuer = $1 AND subject = $2';
  return {
    async add(id, user, expiresAt, now) {
      await run(`DELETE FROM ${table} WHERE expires_at < $1`, [now - KEPT_AFTER_EXPIRY_MS]);
      await run(
        `DELETE FROM ${table} WHERE ${ofUser} AND id NOT IN
           (SELECT id FROM ${table} WHERE ${ofUser} ORDER BY expires_at DESC LIMIT $3)`,
        [user.issuer, user.subject, LINKS_PER_USER - 1],
      );
      await run(`INSERT INTO ${table} (id, issuer, subject, expires_at) VALUES ($1, $2, $3, $4)`, [
        id,
        user.issuer,
        user.subject,
        expiresAt,
      ]);
    },
    async get(id) {
      const { rows } = await run(`SELECT issuer, subject, expires_at, used FROM ${table} WHERE id = $1`, [
        id,
      ]);
      const row = rows[0];
      return row
        ? {
            user: { issuer: String(row.issuer), subject: String(row.subject) },
            // PostgreSQL answers BIGINT as a string.
            expiresAt: Number(row.expires_at),
            used: Number(row.used) !== 0,
          }
        : undefined;
    },
    async stage(id, staged, expiresAt, now) {
      const { changes } = await run(
        `UPDATE ${table} SET used = 1, staged = $2, expires_at = $3
         WHERE id = $1 AND used = 0 AND expires_at >= $4`,
        [id, staged, expiresAt, now],
      );
      return changes === 1;
    },
    async staged(user, now) {
      const { rows } = await run(
        `SELECT id, staged FROM ${table} WHERE ${ofUser} AND staged IS NOT NULL AND expires_at >= $3`,
        [user.issuer, user.subject, now],
      );
      return rows.map((row) => ({ id: String(row.id), staged: row.staged as Uint8Array }));
    },
    async take(id, now) {
      const { changes } = await run(
        `UPDATE ${table} SET staged = NULL WHERE id = $1 AND staged IS NOT NULL AND expires_at >= $2`,
        [id, now],
      );
      return changes === 1;
    },
    async fail(user, max) {
      const params = [user.issuer, user.subject];
      await run(`UPDATE ${table} SET failures = failures + 1 WHERE ${ofUser} AND staged IS NOT NULL`, params);
      await run(`UPDATE ${table} SET staged = NULL WHERE ${ofUser} AND failures >= $3`, [...params, max]);
    },
  };
}
