import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, freshSchema, TEST_DATABASE_URL } from '../../../../tests/helpers/test-database.ts';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { createPgWriteBatch } from '../../src/store/postgres/pg-write-batch.ts';

// The group commit on PostgreSQL, on a real database: each write reports the transaction it ran
// in (txid_current), so which writes shared one is read from PostgreSQL itself.
const schema = freshSchema('tk_write_batch');
const pool = new pg.Pool({
  connectionString: TEST_DATABASE_URL,
  max: 4,
  options: `-c search_path=${schema}`,
});

beforeAll(async () => {
  await pool.query(`CREATE SCHEMA ${schema}`);
  await pool.query('CREATE TABLE t (k text PRIMARY KEY)');
});

afterAll(async () => {
  await pool.end();
  await dropSchemas([schema]);
});

const txid = async (client: pg.PoolClient) =>
  String((await client.query('SELECT txid_current() AS x')).rows[0].x);
const insert = (k: string) => async (client: pg.PoolClient) => {
  await client.query('INSERT INTO t (k) VALUES ($1)', [k]);
  return txid(client);
};
const stored = async (...keys: string[]) =>
  (await pool.query('SELECT k FROM t WHERE k = ANY($1) ORDER BY k', [keys])).rows.map((r) => r.k);

describe('createPgWriteBatch', () => {
  it('runs the writes of one turn in one transaction, each settled with its own result', async () => {
    const batch = createPgWriteBatch(pool);
    const ids = await Promise.all([insert('a1'), insert('a2'), insert('a3')].map((op) => batch.write(op)));
    expect(new Set(ids).size).toBe(1);
    expect(await stored('a1', 'a2', 'a3')).toEqual(['a1', 'a2', 'a3']);
  });

  it('gathers what comes while a batch runs into the next one, one batch at a time', async () => {
    const batch = createPgWriteBatch(pool);
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let entered = false;
    const first = batch.write(async (client) => {
      entered = true;
      await gate;
      return txid(client);
    });
    await waitUntil(() => entered, { what: 'the first batch running' });
    const later = [batch.write(insert('b1')), batch.write(insert('b2'))];
    // Nothing of the later ones is written while the first batch holds its transaction open.
    expect(await stored('b1', 'b2')).toEqual([]);
    open();
    const [one, ...rest] = await Promise.all([first, ...later]);
    expect(new Set(rest).size).toBe(1);
    expect(rest[0]).not.toBe(one);
    expect(await stored('b1', 'b2')).toEqual(['b1', 'b2']);
  });

  it('a write that fails is rejected alone; its neighbours are committed', async () => {
    const batch = createPgWriteBatch(pool);
    const results = await Promise.allSettled([
      batch.write(insert('c1')),
      batch.write(insert('c1')),
      batch.write(insert('c2')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason.message)).toContain('duplicate key');
    expect(await stored('c1', 'c2')).toEqual(['c1', 'c2']);
  });

  it('runs a batch in the order given, writes of one order in arrival order', async () => {
    const batch = createPgWriteBatch(pool);
    const ran: string[] = [];
    const note = (name: string) => async () => {
      ran.push(name);
    };
    await Promise.all([
      batch.write(note('z1'), 'z'),
      batch.write(note('a1'), 'a'),
      batch.write(note('z2'), 'z'),
      batch.write(note('none')),
      batch.write(note('a2'), 'a'),
    ]);
    expect(ran).toEqual(['none', 'a1', 'a2', 'z1', 'z2']);
  });

  it('settled() waits for every write queued', async () => {
    const batch = createPgWriteBatch(pool);
    const writes = [batch.write(insert('d1')), batch.write(insert('d2'))];
    await batch.settled();
    expect(await stored('d1', 'd2')).toEqual(['d1', 'd2']);
    await Promise.all(writes);
  });
});
