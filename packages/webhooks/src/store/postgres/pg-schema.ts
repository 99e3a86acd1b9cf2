import type { Pool, PoolClient } from 'pg';

/**
 * The receiver's tables on PostgreSQL, as numbered migrations: each runs once, in order, inside
 * the transaction that records it. Times are epoch milliseconds (bigint), as in the SQLite file.
 * Never edit a migration that has shipped: add the next one.
 */
const MIGRATIONS: readonly string[] = [
  `
CREATE TABLE alerts (
  id bigserial PRIMARY KEY,
  source text NOT NULL,
  webhook_id text NOT NULL,
  event_type text NOT NULL,
  known boolean NOT NULL,
  body text NOT NULL,
  received_at bigint NOT NULL,
  UNIQUE (source, webhook_id)
);
CREATE INDEX alerts_received ON alerts (received_at);
CREATE TABLE deliveries (
  id bigserial PRIMARY KEY,
  alert_id bigint NOT NULL REFERENCES alerts(id),
  destination text NOT NULL,
  route text NOT NULL,
  idempotency_key text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'delivered', 'dead', 'muted', 'suppressed', 'silenced', 'inhibited')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at bigint NOT NULL,
  -- A replica's claim: no other replica takes the row until locked_until (its lease) has passed.
  locked_until bigint NOT NULL DEFAULT 0,
  locked_by text,
  last_status integer,
  last_error text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  delivered_at bigint,
  group_key text
);
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX deliveries_alert ON deliveries (alert_id);
CREATE INDEX deliveries_group ON deliveries (group_key, destination) WHERE group_key IS NOT NULL AND state = 'pending';
CREATE INDEX deliveries_finished ON deliveries (updated_at)
  WHERE state IN ('delivered', 'muted', 'suppressed', 'silenced', 'inhibited');
CREATE TABLE firing (
  route text NOT NULL,
  scope text NOT NULL,
  alert_id bigint NOT NULL REFERENCES alerts(id),
  destinations text NOT NULL,
  repeat_ms bigint NOT NULL,
  next_at bigint NOT NULL,
  repeats integer NOT NULL DEFAULT 0,
  PRIMARY KEY (route, scope)
);
CREATE INDEX firing_due ON firing (next_at);
CREATE INDEX firing_scope ON firing (scope);
CREATE INDEX firing_alert ON firing (alert_id);
CREATE TABLE silences (
  id text PRIMARY KEY,
  matchers text NOT NULL,
  starts_at bigint NOT NULL,
  ends_at bigint NOT NULL,
  created_by text NOT NULL,
  comment text NOT NULL,
  updated_at bigint NOT NULL,
  version bigint NOT NULL
);
CREATE SEQUENCE silences_version;
CREATE TABLE tracker_firing (
  tracker_id text PRIMARY KEY,
  alert_id bigint NOT NULL
);
CREATE INDEX tracker_firing_alert ON tracker_firing (alert_id);
CREATE TABLE alert_groups (
  route text NOT NULL,
  group_key text NOT NULL,
  next_flush bigint NOT NULL,
  PRIMARY KEY (route, group_key)
);
CREATE TABLE alert_group_members (
  route text NOT NULL,
  group_key text NOT NULL,
  tracker_id text NOT NULL,
  PRIMARY KEY (route, group_key, tracker_id)
);
CREATE INDEX alert_group_members_tracker ON alert_group_members (tracker_id);
-- Until when each destination is held (Retry-After, an open circuit): every replica holds it.
CREATE TABLE destination_holds (
  destination text PRIMARY KEY,
  until bigint NOT NULL
);
-- Each replica's readiness probe writes its own row: a write that commits proves the store takes writes.
CREATE TABLE replicas (
  id text PRIMARY KEY,
  pid integer NOT NULL,
  host text NOT NULL,
  started_at bigint NOT NULL,
  probed_at bigint NOT NULL
);
`,
  // Alertmanager's aggregation groups, their alerts and the notification log (2).
  `
ALTER TABLE deliveries ADD COLUMN payload text;
ALTER TABLE alert_groups
  ADD COLUMN am_key text NOT NULL DEFAULT '',
  ADD COLUMN labels text NOT NULL DEFAULT '{}',
  ADD COLUMN receiver text,
  ADD COLUMN destinations text NOT NULL DEFAULT '[]',
  ADD COLUMN flushed boolean NOT NULL DEFAULT false,
  ADD COLUMN wait_ms bigint NOT NULL DEFAULT 0,
  ADD COLUMN interval_ms bigint NOT NULL DEFAULT 300000,
  ADD COLUMN repeat_ms bigint NOT NULL DEFAULT 0,
  ADD COLUMN ungrouped boolean NOT NULL DEFAULT false;
CREATE INDEX alert_groups_due ON alert_groups (next_flush);
DROP TABLE alert_group_members;
CREATE TABLE group_alerts (
  route text NOT NULL,
  group_key text NOT NULL,
  fingerprint text NOT NULL,
  tracker_id text,
  alert_id bigint NOT NULL,
  labels text NOT NULL,
  annotations text NOT NULL,
  routing text NOT NULL,
  summary text NOT NULL,
  generator_url text NOT NULL,
  starts_at bigint NOT NULL,
  ends_at bigint,
  updated_at bigint NOT NULL,
  PRIMARY KEY (route, group_key, fingerprint)
);
CREATE INDEX group_alerts_tracker ON group_alerts (tracker_id) WHERE tracker_id IS NOT NULL;
CREATE TABLE notify_log (
  route text NOT NULL,
  group_key text NOT NULL,
  destination text NOT NULL,
  firing text NOT NULL,
  resolved text NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (route, group_key, destination)
);
`,
  // Every ingest reads the silences version, MAX(version): without an index that read scans every
  // silence kept, 3.0-3.8 ms an ingest with 20,000 of them (0.7 ms with none). SQLite's file has
  // had the index from the start; here `silences_version` names the sequence, hence the name (3).
  `
CREATE INDEX silences_by_version ON silences (version);
`,
  // /metrics counts the dead letters (outbox-counts.ts): without an index that count read every
  // delivery kept. Rows enter it only when they die, so it costs the hot path nothing (4).
  `
CREATE INDEX deliveries_dead ON deliveries (id) WHERE state = 'dead';
`,
  // Alerts posted in Alertmanager's shape, kept as Alertmanager's alert store keeps them: as merged
  // from their posts, with their end (null: fires until resolved); and when a flush emptied a
  // group, which lives on till Alertmanager's cleanup would end it (5).
  `
ALTER TABLE tracker_firing ADD COLUMN body text, ADD COLUMN ends_at bigint;
ALTER TABLE alert_groups ADD COLUMN emptied_at bigint;
`,
  // The database session each replica holds open (pg-presence.ts): the claims of a replica whose
  // session has ended are free at once, not when their lease runs out (6).
  `
ALTER TABLE replicas ADD COLUMN session_pid integer, ADD COLUMN session_start timestamptz;
`,
];

// Any constant: replicas starting at once queue on this lock, so each migration runs exactly once.
const MIGRATION_LOCK = 0x7472_6b77;

/** Applies the migrations this database has not seen yet; safe when several replicas start at once. */
export async function migrate(pool: Pool, schema?: string): Promise<number> {
  const client: PoolClient = await pool.connect();
  // A connection cut mid-migration fails the next statement (and the start) instead of crashing.
  const cut = () => {};
  client.on('error', cut);
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // Under the lock: two replicas making the same schema at once would otherwise collide.
    if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      'CREATE TABLE IF NOT EXISTS trackerkit_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ v: number | null }>(
      'SELECT MAX(version) AS v FROM trackerkit_migrations',
    );
    const done = rows[0]?.v ?? 0;
    for (let v = done + 1; v <= MIGRATIONS.length; v++) {
      await client.query(MIGRATIONS[v - 1]!);
      await client.query('INSERT INTO trackerkit_migrations (version) VALUES ($1)', [v]);
    }
    await client.query('COMMIT');
    return MIGRATIONS.length - done;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.off('error', cut);
    client.release();
  }
}
