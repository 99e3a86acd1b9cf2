import { createRequire } from 'node:module';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, freshSchema, TEST_DATABASE_URL } from '../../../../tests/helpers/test-database.ts';
import { ingestInOneStatement } from '../../src/store/postgres/pg-ingest-statement.ts';
import { migrate } from '../../src/store/postgres/pg-schema.ts';
import type { IngestItem } from '../../src/store/types.ts';
import { ingestItem } from '../helpers/alerts.ts';

// PostgreSQL's planner judges the ingest statement as a long-lived receiver runs it: a connection
// prepares `trackerkit_ingest` (a named statement) while the tables are empty, as on the first
// alerts after a start, and keeps that plan while firing scopes, trackers, Alertmanager groups and
// silences pile up. Every table the statement reads must still be read through an index then: a
// plan that scans one grows with that table on every alert.
const schema = freshSchema('tk_ingest_plan');
// The driver's own writer of parameter values (arrays as PostgreSQL array literals); it has no types.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue(value: unknown): string;
};
const MODES = ['auto', 'force_generic_plan', 'force_custom_plan'] as const;
const pool = new pg.Pool({
  connectionString: TEST_DATABASE_URL,
  max: MODES.length + 1,
  options: `-c search_path=${schema}`,
});
const connections = new Map<string, pg.PoolClient>();

const GROWN = 20_000;
const SILENCES = 5_000;
let next = 0;
const repeating = [{ path: 'root', destinations: ['d'], repeatIntervalMs: 60_000, muted: false }];
// The two kinds of ingest that fit in the one statement, between them naming every clause's table.
const ingests: Record<'fires' | 'resolves', (tracker: string) => IngestItem> = {
  fires: (tracker) =>
    ingestItem(`w${next++}`, { matches: repeating, repeatScope: tracker, silencesVersion: 0 }),
  resolves: (tracker) =>
    ingestItem(`w${next++}`, {
      eventType: 'tracker.alert.resolved',
      matches: [],
      resolves: tracker,
      silencesVersion: 0,
    }),
};

/** What the store sends for `item`, by way of the store's own function. */
const statementOf = (item: IngestItem) => {
  let sent: { name: string; text: string; values: unknown[] } | undefined;
  void ingestInOneStatement(
    async (statement) => {
      sent = statement;
      return { rows: [] };
    },
    [item],
    1,
    { by: 'test', until: 2 },
  );
  if (!sent) throw new Error('the ingest did not fit in one statement');
  return sent;
};

beforeAll(async () => {
  await migrate(pool, schema);
  // Each connection settles on its plan while the tables are empty: five custom plans, after
  // which `auto` may keep the generic one, as the store's connections do.
  for (const mode of MODES) {
    const client = await pool.connect();
    connections.set(mode, client);
    await client.query(`SET plan_cache_mode = ${mode}`);
    for (let run = 0; run < 6; run++) {
      const statement = statementOf(ingests[run % 2 ? 'resolves' : 'fires'](`trk_${mode}_${run}`));
      await client.query(statement);
    }
  }
  // Then the tables grow, and no ANALYZE follows (as between two autovacuum runs).
  const grow = (sql: string, count = GROWN) => pool.query(sql, [count]);
  await grow(`INSERT INTO alerts (id, source, webhook_id, event_type, known, body, received_at)
    SELECT 1000000 + g, 'seed', 'w' || g, 'e', true, '{}', 0 FROM generate_series(1, $1::int) g`);
  await grow(`INSERT INTO firing (route, scope, alert_id, destinations, repeat_ms, next_at)
    SELECT 'root', 'grown_' || g, 1000000 + g, '["d"]', 60000, g FROM generate_series(1, $1::int) g`);
  await grow(`INSERT INTO tracker_firing (tracker_id, alert_id)
    SELECT 'grown_' || g, 1000000 + g FROM generate_series(1, $1::int) g`);
  await grow(`INSERT INTO alert_groups (route, group_key, next_flush, ungrouped)
    SELECT 'root', 'g' || g, g, true FROM generate_series(1, $1::int) g`);
  await grow(`INSERT INTO group_alerts (route, group_key, fingerprint, tracker_id, alert_id, labels, annotations,
      routing, summary, generator_url, starts_at, ends_at, updated_at)
    SELECT 'root', 'g' || g, 'f' || g, 'grown_' || g, 1000000 + g, '{}', '{}', '{}', '{}', '', 0, NULL, 0
    FROM generate_series(1, $1::int) g`);
  await grow(
    `INSERT INTO silences (id, matchers, starts_at, ends_at, created_by, comment, updated_at, version)
    SELECT 's' || g, '[]', 0, 0, 'test', '', 0, nextval('silences_version') FROM generate_series(1, $1::int) g`,
    SILENCES,
  );
}, 60_000);

afterAll(async () => {
  for (const client of connections.values()) client.release();
  await pool.end();
  await dropSchemas([schema]);
});

/** Each node of a plan that reads a table or an index: its type, table and index, as far as it names them. */
const scansOf = (plan: unknown): string[] => {
  const found: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    const read = [node['Relation Name'], node['Index Name']].filter((name) => typeof name === 'string');
    if (read.length > 0 && node['Node Type'] !== 'ModifyTable')
      found.push([node['Node Type'], ...read].join(' '));
    for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
  };
  walk((plan as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
  return found;
};

const explainPrepared = async (mode: string, kind: keyof typeof ingests) => {
  const client = connections.get(mode)!;
  const { name, values } = statementOf(ingests[kind](`grown_${GROWN / 2}`));
  // EXECUTE takes no bind parameters: the arrays go in as literals, written by the driver's own rules.
  const args = values.map((value) => client.escapeLiteral(prepareValue(value))).join(', ');
  const { rows } = await client.query(`EXPLAIN (FORMAT JSON) EXECUTE ${name}(${args})`);
  return scansOf(rows[0]['QUERY PLAN']);
};

describe('the ingest statement, planned on empty tables, once they have grown', () => {
  it.each(MODES.flatMap((mode) => (['fires', 'resolves'] as const).map((kind) => ({ mode, kind }))))(
    '$mode, $kind: reads every table through an index',
    async ({ mode, kind }) => {
      const scans = await explainPrepared(mode, kind);
      expect(scans.filter((scan) => scan.startsWith('Seq Scan '))).toEqual([]);
      // The tables it must reach, each by the index that serves its join (a custom plan may read
      // one through a bitmap: the bitmap index scan names the index).
      for (const index of [
        'firing_scope',
        'tracker_firing_pkey',
        'group_alerts_tracker',
        'alert_groups_pkey',
      ])
        expect(scans.filter((scan) => scan.endsWith(` ${index}`))).not.toEqual([]);
      expect(scans.filter((scan) => scan.includes(' silences'))).toEqual([
        'Index Only Scan silences silences_by_version',
        'Index Only Scan silences silences_by_version',
      ]);
    },
  );
});
