import { SILENCES_VERSION } from '../../silences/silence-store.ts';
import { type IngestOps, ingestPlan } from '../ingest-plan.ts';
import { runPlan } from '../plan.ts';
import type { IngestItem, IngestResult } from '../types.ts';

/**
 * An ingest whose plan only writes once its alert is stored (no aggregation group to read: the
 * common case) is sent to PostgreSQL as one statement: the alert insert and everything that
 * follows from it as data-modifying `WITH` clauses that join the alert's new id. One statement is
 * its own transaction, so an alert on its own costs one round trip instead of BEGIN, a statement
 * per operation and COMMIT; a turn's independent ingests share the statement (`unnest` arrays).
 *
 * The plan still makes every decision: it is run once against a recorder standing in for the
 * store (the alert id and the outbox row ids are stand-ins until the statement returns them), and
 * the writes it asked for are what the statement carries. A plan that reads the store (groups),
 * or writes a row twice, is not recorded; the caller runs it the usual way.
 */
type Recorded = { [K in keyof IngestOps]?: Array<{ n: number; args: Parameters<IngestOps[K]> }> };
interface RecordedIngest {
  item: IngestItem;
  result: IngestResult;
}

const STAND_IN_ALERT = -1;
// The version check and the writes: what one statement can carry.
const RECORDABLE = new Set<keyof IngestOps>([
  'silencesVersion',
  'insertAlert',
  'insertDelivery',
  'startFiring',
  'stopFiring',
  'startTracker',
  'stopTracker',
  'resolveTrackerAlerts',
]);

class NotRecordable extends Error {}

/**
 * Stores `items` (ingests that touch none of each other's rows) with one statement through
 * `query`; null, having sent nothing, when their plans do not fit in one.
 */
export async function ingestInOneStatement(
  query: (statement: { name: string; text: string; values: unknown[] }) => Promise<{ rows: StatementRow[] }>,
  items: IngestItem[],
  now: number,
  lease: { by: string; until: number },
): Promise<IngestResult[] | null> {
  const recorded = recordIngests(items, now);
  if (recorded === null) return null;
  const { text, values } = ingestStatement(recorded.plans, recorded.writes, lease);
  // Named: each connection parses and plans it once (its text is the same for every turn).
  return ingestResults(recorded.plans, (await query({ name: 'trackerkit_ingest', text, values })).rows, now);
}

/** Records each plan's writes; null when any of them needs more than one statement. */
function recordIngests(
  items: IngestItem[],
  now: number,
): { plans: RecordedIngest[]; writes: Recorded } | null {
  const writes: Recorded = {};
  const plans: RecordedIngest[] = [];
  let deliveries = 0;
  for (const [n, item] of items.entries()) {
    // Within one statement every clause sees the table as it was, so a row one clause deletes
    // and another writes would not see each other: such a plan is not recorded.
    if (item.resolves !== null && item.resolves === item.repeatScope) return null;
    const ops = new Proxy({} as IngestOps, {
      get:
        (_, op: keyof IngestOps) =>
        (...args: never[]) => {
          if (!RECORDABLE.has(op)) throw new NotRecordable(op);
          // Alerts to keep are named only by an ingest that joined groups, which reads them.
          if (op === 'resolveTrackerAlerts' && (args[1] as unknown as string[]).length > 0)
            throw new NotRecordable(op);
          writes[op] ??= [];
          (writes[op] as Array<{ n: number; args: unknown[] }>).push({ n, args });
          // The version the alert was judged with: the statement stores it only if still so.
          if (op === 'silencesVersion') return item.silencesVersion;
          if (op === 'insertAlert') return STAND_IN_ALERT;
          if (op === 'insertDelivery') return -2 - deliveries++;
          return undefined;
        },
    });
    try {
      plans.push({ item, result: runPlan(ingestPlan(item, now), ops) });
    } catch (error) {
      if (error instanceof NotRecordable) return null;
      throw error;
    }
  }
  return { plans, writes };
}

/**
 * The statement for recorded ingests: `an` holds (plan number, new alert id) for each alert
 * stored now; the other clauses join it, so an alert not stored writes nothing: a duplicate (or
 * the second of two ingests of one alert), or one judged with silences that have changed since
 * (`u.v`, the version it was judged with). Returns one row per stored alert and per outbox row,
 * and one with the silences version as the statement saw it.
 */
function ingestStatement(
  plans: RecordedIngest[],
  w: Recorded,
  lease: { by: string; until: number },
): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const param = (column: unknown[], type: string) => {
    values.push(column);
    return `$${values.length}::${type}[]`;
  };
  // The arguments of every call of `op`, one array parameter per picked argument, and the
  // number of the plan that made each call (1-based, as `WITH ORDINALITY` counts).
  const args = <K extends keyof IngestOps>(
    op: K,
    picks: Array<[(args: Parameters<IngestOps[K]>) => unknown, string]>,
  ) => {
    const calls = (w[op] ?? []) as Array<{ n: number; args: Parameters<IngestOps[K]> }>;
    const columns: Array<[unknown[], string]> = [
      ...picks.map(([pick, type]): [unknown[], string] => [calls.map((c) => pick(c.args)), type]),
      [calls.map((c) => c.n + 1), 'int'],
    ];
    return columns.map(([column, type]) => param(column, type)).join(', ');
  };
  const judged = (w.silencesVersion ?? []).map((c) => c.n);
  const claimed = (x: Parameters<IngestOps['insertDelivery']>) => x[4] === 'pending';
  const text = `WITH u AS (
  SELECT * FROM unnest(${args('insertAlert', [
    [(x) => x[0], 'text'],
    [(x) => x[1], 'text'],
    [(x) => x[2], 'text'],
    [(x) => x[3], 'boolean'],
    [(x) => x[4], 'text'],
    [(x) => x[5], 'bigint'],
  ])}) AS u(s, w, e, k, b, r, n)
  LEFT JOIN unnest(${param(
    judged.map((n) => n + 1),
    'int',
  )}, ${param(
    judged.map((n) => plans[n]!.item.silencesVersion),
    'bigint',
  )}) AS v(n, v) USING (n)),
a AS (
  INSERT INTO alerts (source, webhook_id, event_type, known, body, received_at)
  SELECT s, w, e, k, b, r FROM u WHERE u.v IS NULL OR u.v = ${SILENCES_VERSION} ORDER BY n
  ON CONFLICT (source, webhook_id) DO NOTHING RETURNING id, source, webhook_id),
an AS (
  SELECT DISTINCT ON (a.id) u.n, a.id FROM a JOIN u ON u.s = a.source AND u.w = a.webhook_id ORDER BY a.id, u.n),
stop_firing AS (
  DELETE FROM firing f USING unnest(${args('stopFiring', [[(x) => x[0], 'text']])}) AS t(scope, n)
  JOIN an ON an.n = t.n WHERE f.scope = t.scope),
stop_tracker AS (
  DELETE FROM tracker_firing f USING unnest(${args('stopTracker', [[(x) => x[0], 'text']])}) AS t(tracker_id, n)
  JOIN an ON an.n = t.n WHERE f.tracker_id = t.tracker_id),
start_tracker AS (
  INSERT INTO tracker_firing (tracker_id, alert_id)
  SELECT t.tracker_id, an.id FROM unnest(${args('startTracker', [[(x) => x[0], 'text']])}) AS t(tracker_id, n)
    JOIN an ON an.n = t.n ORDER BY t.tracker_id
  ON CONFLICT (tracker_id) DO UPDATE SET alert_id = excluded.alert_id),
start_firing AS (
  INSERT INTO firing (route, scope, alert_id, destinations, repeat_ms, next_at)
  SELECT t.route, t.scope, an.id, t.destinations, t.repeat_ms, t.next_at
    FROM unnest(${args('startFiring', [
      [(x) => x[0], 'text'],
      [(x) => x[1], 'text'],
      [(x) => x[3], 'text'],
      [(x) => x[4], 'bigint'],
      [(x) => x[5], 'bigint'],
    ])}) AS t(route, scope, destinations, repeat_ms, next_at, n)
    JOIN an ON an.n = t.n ORDER BY t.route, t.scope
  ON CONFLICT (route, scope) DO UPDATE SET alert_id = excluded.alert_id, destinations = excluded.destinations,
    repeat_ms = excluded.repeat_ms, next_at = excluded.next_at),
resolving AS (
  SELECT t.tracker_id, t.at, an.id AS alert_id, t.summary, t.now
    FROM unnest(${args('resolveTrackerAlerts', [
      [(x) => x[0], 'text'],
      [(x) => x[2], 'bigint'],
      [(x) => x[4], 'text'],
      [(x) => x[5], 'bigint'],
    ])}) AS t(tracker_id, at, summary, now, n)
    JOIN an ON an.n = t.n),
flushed AS (
  UPDATE alert_groups g SET next_flush = LEAST(g.next_flush, t.now)
    FROM (SELECT ga.route, ga.group_key, MIN(r.now) AS now FROM resolving r
            JOIN group_alerts ga ON ga.tracker_id = r.tracker_id AND ga.ends_at IS NULL
           GROUP BY ga.route, ga.group_key ORDER BY ga.route, ga.group_key) t
   WHERE g.route = t.route AND g.group_key = t.group_key AND g.ungrouped),
ended AS (
  UPDATE group_alerts ga SET ends_at = r.at, alert_id = r.alert_id, summary = COALESCE(r.summary, ga.summary),
    updated_at = r.now
    FROM resolving r WHERE ga.tracker_id = r.tracker_id AND ga.ends_at IS NULL),
d AS (
  INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at,
    updated_at, group_key, locked_until, locked_by)
  SELECT an.id, t.destination, t.route, t.key, t.state, t.at, t.now, t.now, t.group_key, t.locked_until, t.locked_by
    FROM unnest(${args('insertDelivery', [
      [(x) => x[1], 'text'],
      [(x) => x[2], 'text'],
      [(x) => x[3], 'text'],
      [(x) => x[4], 'text'],
      [(x) => x[5], 'bigint'],
      [(x) => x[6], 'bigint'],
      [(x) => x[7], 'text'],
      [(x) => (claimed(x) ? lease.until : 0), 'bigint'],
      [(x) => (claimed(x) ? lease.by : null), 'text'],
    ])}) WITH ORDINALITY AS t(destination, route, key, state, at, now, group_key, locked_until, locked_by, n, o)
    JOIN an ON an.n = t.n ORDER BY t.o
  RETURNING id, alert_id, destination)
SELECT an.n, an.id AS alert_id, NULL::text AS destination, NULL::bigint AS id, NULL::bigint AS silences FROM an
UNION ALL SELECT NULL, d.alert_id, d.destination, d.id, NULL FROM d
UNION ALL SELECT NULL, NULL, NULL, NULL, ${SILENCES_VERSION}`;
  return { text, values };
}

/** A stored alert (`n` set), one of its outbox rows (`destination` set), or the silences version. */
interface StatementRow {
  n: number | null;
  alert_id: string | null;
  destination: string | null;
  id: string | null;
  silences: string | null;
}

/** The plans' results with the ids the statement returned in place of the stand-ins. */
function ingestResults(plans: RecordedIngest[], rows: StatementRow[], now: number): IngestResult[] {
  const alertIds = new Map<number, number>();
  const outbox = new Map<string, number>();
  let silences = 0;
  for (const r of rows) {
    if (r.n !== null) alertIds.set(r.n - 1, Number(r.alert_id));
    else if (r.destination !== null) outbox.set(`${r.alert_id}\n${r.destination}`, Number(r.id));
    else silences = Number(r.silences);
  }
  return plans.map(({ item, result }, n) => {
    const alertId = alertIds.get(n);
    // Not stored: the plan's own answer to the store as the statement found it (a duplicate, or
    // silences changed since the alert was judged).
    if (alertId === undefined) return runPlan(ingestPlan(item, now), notStored(silences));
    return {
      ...result,
      alertId,
      pending: result.pending.map((row) => ({
        ...row,
        alertId,
        id: outbox.get(`${alertId}\n${row.destination}`)!,
      })),
    };
  });
}

const notStored = (silences: number) =>
  new Proxy({} as IngestOps, {
    get: (_, op) => () => {
      if (op === 'silencesVersion') return silences;
      if (op === 'insertAlert') return null;
      throw new Error(`an ingest that stored nothing asked for ${String(op)}`);
    },
  });
