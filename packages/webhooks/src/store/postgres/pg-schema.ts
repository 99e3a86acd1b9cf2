import type { Pool, PoolClient } from 'pg';
import { type Migrations, migrationsAfter } from '../migrations.ts';

/**
 * The receiver's tables on PostgreSQL, as numbered migrations (migrations.ts). Times are epoch
 * milliseconds (bigint), as in the SQLite file.
 */
const MIGRATIONS: Migrations = [
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
  group_key text,
  -- A group notification (JSON, see GroupNotification): what this row sends instead of its alert.
  payload text
);
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX deliveries_alert ON deliveries (alert_id);
CREATE INDEX deliveries_group ON deliveries (group_key, destination) WHERE group_key IS NOT NULL AND state = 'pending';
CREATE INDEX deliveries_finished ON deliveries (updated_at)
  WHERE state IN ('delivered', 'muted', 'suppressed', 'silenced', 'inhibited');
-- /metrics counts the dead letters (outbox-counts.ts) through it; rows enter it only when they die.
CREATE INDEX deliveries_dead ON deliveries (id) WHERE state = 'dead';
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
-- Every ingest judged with held states reads MAX(version): through this index, not every silence
-- kept (the sequence already has the name the SQLite file gives the index).
CREATE INDEX silences_by_version ON silences (version);
-- Each tracker's latest tracker.alert, and each alert posted in Alertmanager's shape as merged
-- from its posts (body), with its end (null: fires until resolved); see the SQLite schema.
CREATE TABLE tracker_firing (
  tracker_id text PRIMARY KEY,
  alert_id bigint NOT NULL,
  body text,
  ends_at bigint
);
CREATE INDEX tracker_firing_alert ON tracker_firing (alert_id);
-- Alertmanager's aggregation groups, their alerts and the notification log (see the SQLite schema).
CREATE TABLE alert_groups (
  route text NOT NULL,
  group_key text NOT NULL,
  next_flush bigint NOT NULL,
  am_key text NOT NULL,
  labels text NOT NULL,
  receiver text,
  destinations text NOT NULL,
  flushed boolean NOT NULL,
  wait_ms bigint NOT NULL,
  interval_ms bigint NOT NULL,
  repeat_ms bigint NOT NULL,
  ungrouped boolean NOT NULL,
  emptied_at bigint,
  PRIMARY KEY (route, group_key)
);
CREATE INDEX alert_groups_due ON alert_groups (next_flush);
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
-- Until when each destination is held (Retry-After, an open circuit): every replica holds it.
CREATE TABLE destination_holds (
  destination text PRIMARY KEY,
  until bigint NOT NULL
);
-- Each replica's readiness probe writes its own row: a write that commits proves the store takes
-- writes. The session it holds open (pg-presence.ts) frees its claims at once when it ends.
CREATE TABLE replicas (
  id text PRIMARY KEY,
  pid integer NOT NULL,
  host text NOT NULL,
  started_at bigint NOT NULL,
  probed_at bigint NOT NULL,
  session_pid integer,
  session_start timestamptz
);
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
    const pending = migrationsAfter(MIGRATIONS, rows[0]?.v ?? 0, `schema ${schema ?? 'on the search_path'}`);
    for (const { version, sql } of pending) {
      await client.query(sql);
      await client.query('INSERT INTO trackerkit_migrations (version) VALUES ($1)', [version]);
    }
    await client.query('COMMIT');
    return pending.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.off('error', cut);
    client.release();
  }
}
