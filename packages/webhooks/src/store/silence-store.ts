import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Silence, SilenceInput } from '../silences/silence.ts';

export interface SilenceStore {
  create(input: SilenceInput): Promise<Silence>;
  get(id: string): Promise<Silence | undefined>;
  /** Every silence, newest first. */
  list(): Promise<Silence[]>;
  /** Silences not yet expired at `now` (active or pending). */
  live(now: number): Promise<Silence[]>;
  /** Changes a silence in place (the caller checked `canUpdate`). */
  update(id: string, input: SilenceInput): Promise<Silence | undefined>;
  /** Ends the silence now. Undefined when there is no such id; an expired one stays as it was. */
  expire(id: string, now: number): Promise<Silence | undefined>;
  /** Changes with every create and expire, from any process on the store: a cache key. */
  version(): Promise<number>;
  /** Counts this process's own changes: free to read, unlike `version`. */
  localChanges(): number;
}

type Row = Record<string, unknown>;

export function rowToSilence(row: Row): Silence {
  return {
    id: String(row.id),
    matchers: JSON.parse(String(row.matchers)),
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
    createdBy: String(row.created_by),
    comment: String(row.comment),
    updatedAt: Number(row.updated_at),
  };
}

const COLUMNS = 'id, matchers, starts_at, ends_at, created_by, comment, updated_at';
// Every write takes the next version: a process that cached the live silences reloads them when
// MAX(version) moves, whoever wrote (the receiver's API or the CLI on the same file).
const NEXT_VERSION = '(SELECT COALESCE(MAX(version), 0) + 1 FROM silences)';
/** The silences version, the same expression on SQLite and PostgreSQL (0 with no silences). */
export const SILENCES_VERSION = '(SELECT COALESCE(MAX(version), 0) FROM silences)';

export function prepareSilences(db: DatabaseSync, now: () => number): SilenceStore {
  const insert = db.prepare(
    `INSERT INTO silences (${COLUMNS}, version) VALUES (?, ?, ?, ?, ?, ?, ?, ${NEXT_VERSION})`,
  );
  const byId = db.prepare(`SELECT ${COLUMNS} FROM silences WHERE id = ?`);
  const all = db.prepare(`SELECT ${COLUMNS} FROM silences ORDER BY updated_at DESC, id`);
  const live = db.prepare(`SELECT ${COLUMNS} FROM silences WHERE ends_at > ? ORDER BY starts_at, id`);
  const expire = db.prepare(
    `UPDATE silences SET ends_at = ?1, starts_at = MIN(starts_at, ?1), updated_at = ?2, version = ${NEXT_VERSION}
       WHERE id = ?3 AND ends_at > ?1`,
  );
  const update = db.prepare(
    `UPDATE silences SET matchers = ?, starts_at = ?, ends_at = ?, created_by = ?, comment = ?, updated_at = ?,
       version = ${NEXT_VERSION} WHERE id = ?`,
  );
  const version = db.prepare(`SELECT ${SILENCES_VERSION} AS v`);
  const get = (id: string) => {
    const row = byId.get(id) as Row | undefined;
    return row ? rowToSilence(row) : undefined;
  };
  let local = 0;
  // The statements run at once; async only because the store contract is (PostgreSQL's is not synchronous).
  return {
    localChanges: () => local,
    async create(input) {
      local++;
      const id = randomUUID();
      const t = now();
      insert.run(
        id,
        JSON.stringify(input.matchers),
        input.startsAt,
        input.endsAt,
        input.createdBy,
        input.comment,
        t,
      );
      return get(id)!;
    },
    get: async (id) => get(id),
    async update(id, input) {
      local++;
      update.run(
        JSON.stringify(input.matchers),
        input.startsAt,
        input.endsAt,
        input.createdBy,
        input.comment,
        now(),
        id,
      );
      return get(id);
    },
    list: async () => (all.all() as Row[]).map(rowToSilence),
    live: async (t) => (live.all(t) as Row[]).map(rowToSilence),
    async expire(id, t) {
      local++;
      expire.run(t, now(), id);
      return get(id);
    },
    version: async () => Number((version.get() as { v: number | null }).v ?? 0),
  };
}
