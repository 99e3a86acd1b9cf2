import type { DatabaseSync } from 'node:sqlite';
import { type Migrations, migrationsAfter, unknownSchema } from './migrations.ts';

// Finished rows: a pending row is never pruned, whatever its age, and a dead letter stays
// (replayable) until its alert goes.
export const FINISHED = "('delivered', 'muted', 'suppressed', 'silenced', 'inhibited')";

/**
 * How long an alert posted in Alertmanager's shape is kept after it ended: Alertmanager forgets
 * resolved alerts at its next garbage collection (`--alerts.gc-interval`, 30 minutes), and until
 * then a late post of the same alert merges with it.
 */
export const ENDED_ALERTS_KEPT_MS = 30 * 60_000;

/**
 * How long what a group's last notification said is kept (`notify_log`), whether the group still
 * lives or not: Alertmanager's notification log keeps an entry for `--data.retention` (120 h)
 * after it was written, and a group made again within that time is judged against it.
 */
export const NOTIFY_LOG_KEPT_MS = 120 * 3_600_000;

/**
 * The receiver's tables on SQLite, as migration 1 made them. UNIQUE constraints do the dedupe: no
 * check-then-insert anywhere.
 */
export const SCHEMA = `
CREATE TABLE alerts (
  id INTEGER PRIMARY KEY,
  source TEXT NOT NULL,
  webhook_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  known INTEGER NOT NULL,
  body TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  UNIQUE (source, webhook_id)
);
CREATE TABLE deliveries (
  id INTEGER PRIMARY KEY,
  alert_id INTEGER NOT NULL REFERENCES alerts(id),
  destination TEXT NOT NULL,
  route TEXT NOT NULL,
  -- Unique by construction (derived from the alert's unique (source, webhook_id), or a repeat's
  -- number, and the destination) and never looked up: no index, which would cost a random page
  -- per alert in every commit.
  idempotency_key TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'dead', 'muted', 'suppressed', 'silenced', 'inhibited')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_status INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  delivered_at INTEGER,
  -- The route's group (route path and group_by values) this row is notified with; null: not grouped.
  group_key TEXT,
  -- A group notification (JSON, see GroupNotification): what this row sends instead of its alert.
  payload TEXT
);
CREATE INDEX deliveries_due ON deliveries (state, next_attempt_at);
-- The dead letters in id order, for their page and CLI (SQLITE_DEAD_LETTERS). Rows enter it only
-- when they die: the hot path pays nothing.
CREATE INDEX deliveries_dead ON deliveries (id) WHERE state = 'dead';
-- A tracker fires through a route from its tracker.alert until its tracker.alert.resolved; while
-- it does, its latest alert is sent again every repeat_ms (Alertmanager's repeat_interval).
CREATE TABLE firing (
  route TEXT NOT NULL,
  scope TEXT NOT NULL,
  alert_id INTEGER NOT NULL REFERENCES alerts(id),
  destinations TEXT NOT NULL,
  repeat_ms INTEGER NOT NULL,
  next_at INTEGER NOT NULL,
  repeats INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (route, scope)
);
CREATE INDEX firing_due ON firing (next_at);
CREATE INDEX firing_scope ON firing (scope);
CREATE INDEX firing_alert ON firing (alert_id);
-- Alertmanager's silences: matchers (JSON, the v2 API's objects) and a time range. Expiring one
-- ends it now; rows stay, as Alertmanager keeps expired silences visible.
CREATE TABLE silences (
  id TEXT PRIMARY KEY,
  matchers TEXT NOT NULL,
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  created_by TEXT NOT NULL,
  comment TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL
);
CREATE INDEX silences_version ON silences (version);
-- Each tracker's latest tracker.alert, from that alert until its tracker.alert.resolved, whatever
-- its routes: the source alerts inhibit_rules look at. Also each alert posted in Alertmanager's
-- shape (tracker_id 'alertmanager:<fingerprint>'), as Alertmanager's alert store keeps it: body
-- is the alert as merged from its posts, ends_at when it ends (null: fires until resolved). An
-- ended one stays a while (ENDED_ALERTS_KEPT_MS), for a late post to merge with.
CREATE TABLE tracker_firing (
  tracker_id TEXT PRIMARY KEY,
  alert_id INTEGER NOT NULL,
  body TEXT,
  ends_at INTEGER
);
CREATE INDEX tracker_firing_alert ON tracker_firing (alert_id);
-- Alertmanager's aggregation groups: per (route, group labels), when the next flush is and how
-- the group is notified. A group lives while it holds alerts; resolved alerts leave it once a
-- flush has gone past them, and an emptied group ends a little later (the next alert then starts
-- a new one).
CREATE TABLE alert_groups (
  route TEXT NOT NULL,
  group_key TEXT NOT NULL,
  next_flush INTEGER NOT NULL,
  -- Alertmanager's group key and group labels (JSON), as the webhook payload carries them.
  am_key TEXT NOT NULL,
  labels TEXT NOT NULL,
  receiver TEXT,
  -- The destinations that take this group's notifications (JSON names): chat and webhook ones.
  destinations TEXT NOT NULL,
  flushed INTEGER NOT NULL,
  wait_ms INTEGER NOT NULL,
  interval_ms INTEGER NOT NULL,
  repeat_ms INTEGER NOT NULL,
  ungrouped INTEGER NOT NULL,
  -- The tick of the flush that left it without alerts (null while it holds some): an emptied group
  -- keeps its ticks for GROUP_CLEANUP_MS, as Alertmanager's dispatcher keeps it till its cleanup.
  emptied_at INTEGER,
  PRIMARY KEY (route, group_key)
);
CREATE INDEX alert_groups_due ON alert_groups (next_flush);
-- The alerts of each group, by fingerprint (Alertmanager's identity of a label set). No foreign
-- key: what a notification needs is copied here, so retention never waits for a group.
CREATE TABLE group_alerts (
  route TEXT NOT NULL,
  group_key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  tracker_id TEXT,
  alert_id INTEGER NOT NULL,
  labels TEXT NOT NULL,
  annotations TEXT NOT NULL,
  routing TEXT NOT NULL,
  summary TEXT NOT NULL,
  generator_url TEXT NOT NULL,
  starts_at INTEGER NOT NULL,
  -- Null while firing; else when it resolved.
  ends_at INTEGER,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (route, group_key, fingerprint)
);
CREATE INDEX group_alerts_tracker ON group_alerts (tracker_id) WHERE tracker_id IS NOT NULL;
-- Alertmanager's notification log: per (group, destination), the fingerprints the last
-- notification listed as firing and resolved, and its flush time (repeat_interval counts from it).
CREATE TABLE notify_log (
  route TEXT NOT NULL,
  group_key TEXT NOT NULL,
  destination TEXT NOT NULL,
  firing TEXT NOT NULL,
  resolved TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (route, group_key, destination)
);
-- Until when each destination is held (Retry-After, an open circuit): shared by every process on the store.
CREATE TABLE destination_holds (
  destination TEXT PRIMARY KEY,
  until INTEGER NOT NULL
);
CREATE INDEX deliveries_group ON deliveries (group_key) WHERE group_key IS NOT NULL;
-- Retention finds the old rows through these, so a pass costs what it prunes, not the table's
-- size. Both grow at their end (a row is stamped with the time it is written).
CREATE INDEX alerts_received ON alerts (received_at);
CREATE INDEX deliveries_finished ON deliveries (updated_at) WHERE state IN ${FINISHED};
-- Retention and foreign keys find an alert's rows through it.
CREATE INDEX deliveries_alert ON deliveries (alert_id);
-- Who owns the file (named when a second process is refused) and the readiness probe's row.
CREATE TABLE store_owner (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  pid INTEGER NOT NULL,
  started_at TEXT NOT NULL,
  probed_at INTEGER NOT NULL DEFAULT 0
);
`;

/** SQLite's migrations, numbered as PostgreSQL's (migrations.ts); the version is `PRAGMA user_version`. */
const MIGRATIONS: Migrations = [SCHEMA];

/**
 * Brings the file to the last migration, each in the transaction that records its number; a file
 * already there costs one read. Safe beside another process on the file (the CLIs beside a
 * receiver): the version is read again under the write lock.
 */
export function migrate(db: DatabaseSync, path: string): void {
  const version = () =>
    Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  if (version() === MIGRATIONS.length) return;
  db.exec('BEGIN IMMEDIATE');
  try {
    const from = version();
    // Tables without a version: written by a build from before versions were recorded.
    if (from === 0 && db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'alerts'").get())
      throw unknownSchema(`store ${path}`, 'has tables but no schema version (PRAGMA user_version)');
    for (const { version: next, sql } of migrationsAfter(MIGRATIONS, from, `store ${path}`)) {
      db.exec(sql);
      db.exec(`PRAGMA user_version = ${next}`);
    }
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
