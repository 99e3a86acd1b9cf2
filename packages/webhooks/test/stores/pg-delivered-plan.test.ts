import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, freshSchema, TEST_DATABASE_URL } from '../../../../tests/helpers/test-database.ts';
import { OUTBOX_COUNTS } from '../../src/store/outbox-counts.ts';
import { deliveredQuery } from '../../src/store/postgres/pg-outcome.ts';
import { migrate } from '../../src/store/postgres/pg-schema.ts';

// PostgreSQL itself judges the delivered mark: its planner, in the state a receiver reaches when
// a backlog grows after the last ANALYZE (statistics saying 10 of 10,000 deliveries are pending,
// 1,000 pending now). The mark must find its rows by primary key as the store sends it and in
// every plan cache mode; a plain `state = 'pending'` may walk all pending rows through
// `deliveries_due` instead.
const schema = freshSchema('tk_delivered_plan');
const pool = new pg.Pool({
  connectionString: TEST_DATABASE_URL,
  max: 2,
  options: `-c search_path=${schema}`,
});
let client: pg.PoolClient;

const STEADY = 10_000;
const BACKLOG = 1_000;

beforeAll(async () => {
  await migrate(pool, schema);
  client = await pool.connect();
  const seed = async (from: number, count: number, state: string) => {
    await client.query(
      `INSERT INTO alerts (id, source, webhook_id, event_type, known, body, received_at)
         SELECT g, 's', 'w' || g, 'e', true, '{}', 0 FROM generate_series($1::bigint, $2::bigint) g`,
      [from, from + count - 1],
    );
    await client.query(
      `INSERT INTO deliveries (id, alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at, updated_at)
         SELECT g, g, 'd', 'r', 'k' || g, CASE WHEN $3 = 'steady' AND g % 1000 <> 1 THEN 'delivered' ELSE 'pending' END, g, 0, 0
         FROM generate_series($1::bigint, $2::bigint) g`,
      [from, from + count - 1, state],
    );
  };
  await seed(1, STEADY, 'steady');
  await client.query('ANALYZE alerts; ANALYZE deliveries');
  await seed(STEADY + 1, BACKLOG, 'backlog');
});

afterAll(async () => {
  client?.release();
  await pool.end();
  await dropSchemas([schema]);
});

const markOf = (id: number) => deliveredQuery(id, 200, 1);
/** The indexes an EXPLAIN (FORMAT JSON) answer's plan reads. */
const indexesIn = (rows: Array<Record<string, unknown>>) =>
  [...JSON.stringify(rows[0]?.['QUERY PLAN']).matchAll(/"Index Name":"(\w+)"/g)].map((m) => m[1]);

const planOf = async (mode: string, id: number) => {
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL plan_cache_mode = ${mode}`);
    await client.query(`PREPARE mark AS ${markOf(id).text}`);
    // Five custom plans first: after them, `auto` may settle on the generic plan, as a named
    // statement does on a long-lived connection.
    let rows: Array<Record<string, unknown>> = [];
    for (let run = 0; run < 6; run++) {
      // EXECUTE takes no bind parameters: the values go in as literals.
      ({ rows } = await client.query(`EXPLAIN (FORMAT JSON) EXECUTE mark(${id}, 200, 1)`));
    }
    return indexesIn(rows);
  } finally {
    await client.query('ROLLBACK');
    await client.query('DEALLOCATE ALL');
  }
};

// As the store sends it: an unnamed statement with its values bound, which PostgreSQL plans on
// each run (a named one would keep the plan it got while the table was small).
const sentPlan = async (id: number) => {
  const query = markOf(id);
  const { rows } = await client.query({ text: `EXPLAIN (FORMAT JSON) ${query.text}`, values: query.values });
  return indexesIn(rows);
};

describe('the delivered mark on a grown backlog, with statistics from before it', () => {
  const ids = [STEADY + 7, STEADY + 500, STEADY + BACKLOG - 1];
  it('is sent unnamed, so that no connection keeps a plan made for a smaller table', () => {
    expect(deliveredQuery(1, 200, 1).name).toBeUndefined();
  });

  it.each(ids)('as the store sends it, row %i: through the primary key only', async (id) => {
    expect(await sentPlan(id)).toEqual(['deliveries_pkey']);
  });

  // Prepared, in each plan cache mode: the form holds even where a plan is kept.
  it.each([
    ['auto', { given: 'auto', want: ['deliveries_pkey'] }],
    ['generic plan', { given: 'force_generic_plan', want: ['deliveries_pkey'] }],
    ['custom plan', { given: 'force_custom_plan', want: ['deliveries_pkey'] }],
  ])('prepared, %s: through the primary key only', async (_name, { given, want }) => {
    for (const id of ids) expect(await planOf(given, id)).toEqual(want);
  });

  it('marks exactly the pending row it names, with its status', async () => {
    const steadyDelivered = 2; // g % 1000 <> 1: delivered already, so left as it is
    await client.query('BEGIN');
    try {
      const marks = [
        deliveredQuery(STEADY + 3, 200, 42),
        deliveredQuery(STEADY + 4, 204, 42),
        deliveredQuery(steadyDelivered, 500, 42),
      ];
      let rowCount = 0;
      for (const mark of marks) rowCount += (await client.query(mark)).rowCount ?? 0;
      const { rows } = await client.query(
        'SELECT id::int, state, last_status, delivered_at::int FROM deliveries WHERE id = ANY($1) ORDER BY id',
        [[steadyDelivered, STEADY + 3, STEADY + 4]],
      );
      expect(rowCount).toBe(2);
      expect(rows).toEqual([
        { id: steadyDelivered, state: 'delivered', last_status: null, delivered_at: null },
        { id: STEADY + 3, state: 'delivered', last_status: 200, delivered_at: 42 },
        { id: STEADY + 4, state: 'delivered', last_status: 204, delivered_at: 42 },
      ]);
    } finally {
      await client.query('ROLLBACK');
    }
  });
});

// /metrics counts the outbox on every scrape: through the two partial indexes, never by reading
// the delivered history (10,000 rows here, millions on a receiver keeping a week).
describe('the outbox counts, with most rows delivered', () => {
  it('read deliveries through deliveries_due and deliveries_dead only', async () => {
    const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${OUTBOX_COUNTS}`);
    expect(JSON.stringify(rows[0]['QUERY PLAN'])).not.toContain('"Seq Scan"');
    expect(indexesIn(rows)).toEqual(['deliveries_due', 'deliveries_dead']);
  });
});
