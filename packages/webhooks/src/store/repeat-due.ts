import { idempotencyKey } from './idempotency-key.ts';

/** Mute windows have minute resolution: a muted repeat is looked at again a minute later. */
const MUTED_RECHECK_MS = 60_000;
const REPEAT_BATCH = 500;

/** `body` is the firing alert's: a silence or an inhibit rule holds its repeats as a mute window does. */
export type IsMuted = (route: string, now: number, body: string) => boolean | Promise<boolean>;

/** A (route, tracker) still firing whose repeat is due, with the alert it fires with. */
export interface FiringRow {
  route: string;
  scope: string;
  alertId: number;
  destinations: string[];
  repeatMs: number;
  repeats: number;
  source: string;
  webhookId: string;
  /** The alert as it is now (a posted alert as merged from its posts). */
  body: string;
  /** When it ends (a posted alert); null: it fires until resolved. */
  endsAt: number | null;
}

/**
 * What one due repeat becomes: its firing row moved on, or deleted when `end` (only if nobody
 * moved it since it was read), and new outbox rows.
 */
export interface RepeatDecision {
  row: FiringRow;
  nextAt: number;
  repeats: number;
  deliveries: Array<{ destination: string; idempotencyKey: string }>;
  /** The alert ended (a posted alert's end passed): no more repeats. */
  end?: true;
}

/**
 * Alertmanager's repeat_interval: a (route, tracker) still firing whose interval has passed since
 * its last notification gets its latest alert sent again, to the route's destinations, as a new
 * outbox row with its own idempotency key (`<webhook-id>#repeat:<route>:<n>`). A repeat due while
 * its route is muted (or the alert held) waits a minute and is looked at again. A posted alert
 * whose end has passed (no post kept it firing) repeats no more.
 */
function decideRepeat(row: FiringRow, now: number, muted: boolean): RepeatDecision {
  if (row.endsAt !== null && row.endsAt <= now)
    return { row, nextAt: now, repeats: row.repeats, deliveries: [], end: true };
  if (muted) return { row, nextAt: now + MUTED_RECHECK_MS, repeats: row.repeats, deliveries: [] };
  const n = row.repeats + 1;
  const id = `${row.webhookId}#repeat:${row.route}:${n}`;
  return {
    row,
    nextAt: now + row.repeatMs,
    repeats: n,
    deliveries: row.destinations.map((destination) => ({
      destination,
      idempotencyKey: idempotencyKey(row.source, id, destination),
    })),
  };
}

/**
 * One repeat pass, for any store: read the due rows, decide each (the mute check may ask the
 * store), then write the decisions in one transaction. Each write is conditional on the firing
 * row being as it was read, so a row resolved or re-fired meanwhile, or repeated by another
 * replica, is left alone. Returns how many outbox rows became pending.
 */
export async function repeatDue(
  store: {
    dueFiring(due: { now: number; limit: number }): Promise<FiringRow[]>;
    applyRepeats(d: RepeatDecision[], now: number): Promise<number>;
  },
  now: number,
  isMuted?: IsMuted,
): Promise<number> {
  const rows = await store.dueFiring({ now, limit: REPEAT_BATCH });
  if (rows.length === 0) return 0;
  const decisions: RepeatDecision[] = [];
  for (const row of rows) {
    const ended = row.endsAt !== null && row.endsAt <= now;
    decisions.push(decideRepeat(row, now, !ended && (await isMuted?.(row.route, now, row.body)) === true));
  }
  return store.applyRepeats(decisions, now);
}

export function toFiringRow(r: Record<string, unknown>): FiringRow {
  return {
    route: String(r.route),
    scope: String(r.scope),
    alertId: Number(r.alert_id),
    destinations: JSON.parse(String(r.destinations)) as string[],
    repeatMs: Number(r.repeat_ms),
    repeats: Number(r.repeats),
    source: String(r.source),
    webhookId: String(r.webhook_id),
    body: String(r.body),
    endsAt: r.ends_at === null || r.ends_at === undefined ? null : Number(r.ends_at),
  };
}
