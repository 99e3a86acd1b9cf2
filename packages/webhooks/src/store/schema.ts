// Finished rows: a pending row is never pruned, whatever its age, and a dead letter stays
// (replayable) until its alert goes.
export const FINISHED = "('delivered', 'muted', 'suppressed', 'silenced', 'inhibited')";

/** The receiver's tables. UNIQUE constraints do the dedupe: no check-then-insert anywhere. */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS alerts (
  id INTEGER PRIMARY KEY,
  source TEXT NOT NULL,
  webhook_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  known INTEGER NOT NULL,
  body TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  UNIQUE (source, webhook_id)
);
CREATE TABLE IF NOT EXISTS deliveries (
  id INTEGER PRIMARY KEY,
  alert_id INTEGER NOT NULL REFERENCES alerts(id),
  destination TEXT NOT NULL,
  route TEXT NOT NULL,
  -- Unique by construction (derived from the alert's unique (source, webhook_id), or a repeat's
  -- number, and the destination) and never looked up: no index. A unique one cost a random page
  -- per alert in every commit (~15% of the receiver's rate). Files made before keep theirs.
  idempotency_key TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'dead', 'muted', 'suppressed', 'silenced', 'inhibited')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  -- Unused: claims live in the one process that owns the file. Kept so older files open as they are.
  locked_until INTEGER NOT NULL DEFAULT 0,
  last_status INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  delivered_at INTEGER,
  -- The route's group (route path and group_by values) this row is notified with; null: not grouped.
  group_key TEXT
);
CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (state, next_attempt_at);
-- A tracker fires through a route from its tracker.alert until its tracker.alert.resolved; while
-- it does, its latest alert is sent again every repeat_ms (Alertmanager's repeat_interval).
CREATE TABLE IF NOT EXISTS firing (
  route TEXT NOT NULL,
  scope TEXT NOT NULL,
  alert_id INTEGER NOT NULL REFERENCES alerts(id),
  destinations TEXT NOT NULL,
  repeat_ms INTEGER NOT NULL,
  next_at INTEGER NOT NULL,
  repeats INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (route, scope)
);
CREATE INDEX IF NOT EXISTS firing_due ON firing (next_at);
CREATE INDEX IF NOT EXISTS firing_scope ON firing (scope);
CREATE INDEX IF NOT EXISTS firing_alert ON firing (alert_id);
-- Alertmanager's silences: matchers (JSON, the v2 API's objects) and a time range. Expiring one
-- ends it now; rows stay, as Alertmanager keeps expired silences visible.
CREATE TABLE IF NOT EXISTS silences (
  id TEXT PRIMARY KEY,
  matchers TEXT NOT NULL,
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  created_by TEXT NOT NULL,
  comment TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS silences_version ON silences (version);
-- Each tracker's latest tracker.alert, from that alert until its tracker.alert.resolved, whatever
-- its routes: the source alerts inhibit_rules look at.
CREATE TABLE IF NOT EXISTS tracker_firing (
  tracker_id TEXT PRIMARY KEY,
  alert_id INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tracker_firing_alert ON tracker_firing (alert_id);
-- Alertmanager's aggregation groups: per (route, group_by values), when its next notification
-- goes. Its members are the trackers firing in it (from tracker.alert to tracker.alert.resolved):
-- a group whose members have all resolved ends, and the next alert starts a new one.
CREATE TABLE IF NOT EXISTS alert_groups (
  route TEXT NOT NULL,
  group_key TEXT NOT NULL,
  next_flush INTEGER NOT NULL,
  PRIMARY KEY (route, group_key)
);
CREATE TABLE IF NOT EXISTS alert_group_members (
  route TEXT NOT NULL,
  group_key TEXT NOT NULL,
  tracker_id TEXT NOT NULL,
  PRIMARY KEY (route, group_key, tracker_id)
);
CREATE INDEX IF NOT EXISTS alert_group_members_tracker ON alert_group_members (tracker_id);
-- Until when each destination is held (Retry-After, an open circuit): shared by every process on the store.
CREATE TABLE IF NOT EXISTS destination_holds (
  destination TEXT PRIMARY KEY,
  until INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS deliveries_group ON deliveries (group_key) WHERE group_key IS NOT NULL;
-- Retention finds the old rows through these, so a pass costs what it prunes, not the table's
-- size. Both grow at their end (a row is stamped with the time it is written).
CREATE INDEX IF NOT EXISTS alerts_received ON alerts (received_at);
CREATE INDEX IF NOT EXISTS deliveries_finished ON deliveries (updated_at) WHERE state IN ${FINISHED};
`;
