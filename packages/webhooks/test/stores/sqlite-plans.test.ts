import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.ts';

/** Every statement the SQLite store prepares when it opens (all of them: none is prepared later). */
function statementsOfStore(): { sql: string[]; path: string } {
  const path = join(mkdtempSync(join(tmpdir(), 'tk-plans-')), 'store.db');
  const sql: string[] = [];
  const prepare = DatabaseSync.prototype.prepare;
  DatabaseSync.prototype.prepare = function (this: DatabaseSync, text: string, ...rest: []) {
    sql.push(text);
    return prepare.call(this, text, ...rest);
  };
  try {
    void openStore(path).close();
  } finally {
    DatabaseSync.prototype.prepare = prepare;
  }
  return { sql, path };
}

// The tables that grow with every alert kept. On SQLite every read runs on the receiver's thread,
// so a statement that walks one of them holds every sender for as long as the data kept grows.
const GROWING = /^SCAN (alerts|deliveries|a|d)\b/;

// The walks that are meant: `counts()` reads every row by its contract (tests and inspection, never
// a page or /metrics), and the dead letters are read in order through their own partial index up
// to a LIMIT.
const MEANT = [/^SELECT state, COUNT\(\*\) AS n FROM deliveries GROUP BY state$/];
const BOUNDED_WALKS = new Set(['SCAN d USING INDEX deliveries_dead']);

describe('SQLite plans of every statement the store prepares', () => {
  it('walk no table that grows with the alerts kept, but where meant', () => {
    const { sql, path } = statementsOfStore();
    const db = new DatabaseSync(path);
    const reads = sql
      .filter((text) => /^\s*(SELECT|UPDATE|DELETE|INSERT|WITH)/i.test(text))
      // The lock file's own table, in a database of its own (lock-store.ts).
      .filter((text) => !/ INTO owner /.test(text))
      .filter((text) => !MEANT.some((meant) => meant.test(text.trim())));
    // The store prepares its whole working set at open: ingest, flushes, retention, pages, silences.
    expect(reads.length).toBeGreaterThan(40);
    const walks = reads.flatMap((text) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${text}`).all() as Array<{ detail: string }>)
        .map((row) => row.detail)
        .filter((detail) => GROWING.test(detail) && !BOUNDED_WALKS.has(detail))
        .map((detail) => `${detail}: ${text.replace(/\s+/g, ' ').slice(0, 120)}`),
    );
    expect(walks).toEqual([]);
    db.close();
  });
});
