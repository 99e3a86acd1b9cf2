import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { SilenceInput } from '../../silences/silence.ts';
import { rowToSilence, SILENCES_VERSION, type SilenceStore } from '../silence-store.ts';

const COLUMNS = 'id, matchers, starts_at, ends_at, created_by, comment, updated_at';

/** Silences on PostgreSQL: every write takes the next version, so each replica's cache reloads. */
export function pgSilences(pool: Pool, now: () => number): SilenceStore {
  let local = 0;
  const get = async (id: string) => {
    const { rows } = await pool.query(`SELECT ${COLUMNS} FROM silences WHERE id = $1`, [id]);
    return rows[0] ? rowToSilence(rows[0]) : undefined;
  };
  const fields = (input: SilenceInput) => [
    JSON.stringify(input.matchers),
    input.startsAt,
    input.endsAt,
    input.createdBy,
    input.comment,
  ];
  return {
    localChanges: () => local,
    async create(input) {
      local++;
      const id = randomUUID();
      await pool.query(
        `INSERT INTO silences (${COLUMNS}, version) VALUES ($1, $2, $3, $4, $5, $6, $7, nextval('silences_version'))`,
        [id, ...fields(input), now()],
      );
      return (await get(id))!;
    },
    get,
    async update(id, input) {
      local++;
      await pool.query(
        `UPDATE silences SET matchers = $1, starts_at = $2, ends_at = $3, created_by = $4, comment = $5, updated_at = $6,
           version = nextval('silences_version') WHERE id = $7`,
        [...fields(input), now(), id],
      );
      return get(id);
    },
    list: async () =>
      (await pool.query(`SELECT ${COLUMNS} FROM silences ORDER BY updated_at DESC, id`)).rows.map(
        rowToSilence,
      ),
    live: async (t) =>
      (
        await pool.query(`SELECT ${COLUMNS} FROM silences WHERE ends_at > $1 ORDER BY starts_at, id`, [t])
      ).rows.map(rowToSilence),
    async expire(id, t) {
      local++;
      await pool.query(
        `UPDATE silences SET ends_at = $1, starts_at = LEAST(starts_at, $1), updated_at = $2,
           version = nextval('silences_version') WHERE id = $3 AND ends_at > $1`,
        [t, now(), id],
      );
      return get(id);
    },
    version: async () => Number((await pool.query(`SELECT ${SILENCES_VERSION} AS v`)).rows[0].v),
  };
}
