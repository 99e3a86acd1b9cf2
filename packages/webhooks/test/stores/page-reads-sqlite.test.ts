import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { COUNTS_IN_SLICE, FIRST_ID, NEXT_SLICE, prepareBrowse } from '../../src/store/browse.ts';
import { SQLITE_DEAD_LETTERS } from '../../src/store/row-to-delivery.ts';
import { SCHEMA } from '../../src/store/schema.ts';
import { turnsLetGo } from '../helpers/turns.ts';

const STATES = ['delivered', 'delivered', 'pending', 'dead', 'muted', 'silenced'];

/**
 * `count` deliveries over three destinations, the first `pruned` of them deleted again (as
 * retention does), and the last `far` moved 10,000,000 ids on (the ids between them pruned).
 */
function storeWith(count: number, pruned: number, far = 0): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  db.exec(SCHEMA);
  db.prepare(
    "INSERT INTO alerts (id, source, webhook_id, event_type, known, body, received_at) VALUES (1, 's', 'w', 'e', 1, '{}', 0)",
  ).run();
  const insert = db.prepare(
    `INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at, updated_at)
     VALUES (1, ?, 'r', ?, ?, 0, 0, 0)`,
  );
  for (let i = 0; i < count; i++) insert.run(`dest-${i % 3}`, `k${i}`, STATES[(i * 7) % STATES.length]!);
  db.prepare('DELETE FROM deliveries WHERE id <= ?').run(pruned);
  db.prepare('UPDATE deliveries SET id = id + 10000000 WHERE id > ?').run(count - far);
  return db;
}

const oneStatement = (db: DatabaseSync) =>
  (
    db
      .prepare(
        'SELECT destination, state, COUNT(*) AS n FROM deliveries GROUP BY destination, state ORDER BY destination, state',
      )
      .all() as Array<{ destination: string; state: string; n: number }>
  ).map((r) => ({ destination: r.destination, state: r.state, count: r.n }));

const byKey = (rows: Array<{ destination: string; state: string }>) =>
  [...rows].sort((a, b) => `${a.destination} ${a.state}`.localeCompare(`${b.destination} ${b.state}`));

/** The tables SQLite reads for a statement, and how (its planner's own account). */
const planOf = (db: DatabaseSync, sql: string) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail);
const reads = (db: DatabaseSync, sql: string) =>
  planOf(db, sql).filter((detail) => /^(SCAN|SEARCH) /.test(detail));

// The destinations page counts every delivery kept. It reads them in slices of rows, letting the
// event loop go between slices, so a page view never holds the receiver's senders for long.
describe('the destinations page counts on SQLite', () => {
  it.each([
    ['no deliveries', { count: 0, pruned: 0, far: 0, slice: 100, turns: 0 }],
    ['fewer rows than a slice', { count: 40, pruned: 0, far: 0, slice: 100, turns: 0 }],
    ['a slice and a row', { count: 101, pruned: 0, far: 0, slice: 100, turns: 1 }],
    // Slices of ids would walk 100,000 empty ranges here, a turn each.
    ['150 rows ten million ids apart', { count: 150, pruned: 0, far: 50, slice: 100, turns: 1 }],
    [
      'ten slices after retention took the first 300 ids',
      { count: 1_300, pruned: 300, far: 0, slice: 100, turns: 9 },
    ],
  ])('%s: the totals of one GROUP BY, the event loop let go between slices', async (_name, given) => {
    const db = storeWith(given.count, given.pruned, given.far);
    const { value: counts, turns } = await turnsLetGo(() =>
      prepareBrowse(db, { sliceRows: given.slice }).destinationCounts(),
    );
    expect(byKey(counts)).toEqual(oneStatement(db));
    expect(counts.map((c) => c.destination)).toEqual([...counts.map((c) => c.destination)].sort());
    expect(turns).toBe(given.turns);
    db.close();
  });

  it('finds and counts each slice through the primary key', () => {
    const db = storeWith(0, 0);
    expect(reads(db, FIRST_ID)).toEqual(['SEARCH deliveries']);
    expect(reads(db, NEXT_SLICE)).toEqual(['SEARCH deliveries USING INTEGER PRIMARY KEY (rowid>?)']);
    expect(reads(db, COUNTS_IN_SLICE)).toEqual([
      'SEARCH deliveries USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)',
    ]);
    db.close();
  });
});

// The dead letters page and CLI list the oldest 200 or 1,000 dead letters, whatever else is kept.
describe('the dead letters on SQLite', () => {
  it('are read in id order through their partial index: no sort, and no other state read', () => {
    const db = storeWith(1_000, 0);
    // Without the index named, SQLite read every dead letter through deliveries_due and sorted them.
    expect(planOf(db, SQLITE_DEAD_LETTERS)).toEqual([
      'SCAN d USING INDEX deliveries_dead',
      'SEARCH a USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
    db.close();
  });
});
