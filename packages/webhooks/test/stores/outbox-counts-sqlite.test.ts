import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { OUTBOX_COUNTS } from '../../src/store/outbox-counts.ts';
import { SCHEMA } from '../../src/store/schema.ts';

// SQLite's planner judges the count /metrics takes on every scrape: each state is searched in the
// (state, next_attempt_at) index, so the delivered history kept is never read.
describe('the outbox counts on SQLite', () => {
  it('search the deliveries_due index for each state, and scan no table', () => {
    const db = new DatabaseSync(':memory:');
    db.exec(SCHEMA);
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${OUTBOX_COUNTS}`).all() as Array<{ detail: string }>).map(
      (row) => row.detail,
    );
    // A GROUP BY over every state read here `SCAN deliveries USING COVERING INDEX deliveries_due`.
    const search = 'SEARCH deliveries USING COVERING INDEX deliveries_due (state=?)';
    expect(plan.filter((detail) => /^(SCAN|SEARCH) /.test(detail))).toEqual([
      'SCAN CONSTANT ROW',
      search,
      search,
    ]);
    db.close();
  });
});
