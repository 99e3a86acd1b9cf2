import type { DatabaseSync } from 'node:sqlite';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { nullableNumber, nullableString, type Row } from './row-to-delivery.ts';
import type { DeliveryState } from './types.ts';

/** One stored alert and what routing made of it: one row per destination it was sent (or held) for. */
export interface AlertWithDeliveries {
  id: number;
  source: string;
  webhookId: string;
  eventType: string;
  body: string;
  receivedAt: number;
  deliveries: Array<{
    id: number;
    destination: string;
    route: string;
    state: DeliveryState;
    attempts: number;
    lastStatus: number | null;
    lastError: string | null;
  }>;
}

export interface Browse {
  /** Newest first, ids below `beforeId` (keyset paging: stable while alerts keep arriving). */
  recentAlerts(limit: number, beforeId?: number): Promise<AlertWithDeliveries[]>;
  /** Outbox rows per destination and state. */
  destinationCounts(): Promise<Array<{ destination: string; state: DeliveryState; count: number }>>;
}

/** An alert row and its delivery rows (either store's columns) as the pages show them. */
export function toAlertWithDeliveries(a: Row, deliveries: Row[]): AlertWithDeliveries {
  return {
    id: Number(a.id),
    source: String(a.source),
    webhookId: String(a.webhook_id),
    eventType: String(a.event_type),
    body: String(a.body),
    receivedAt: Number(a.received_at),
    deliveries: deliveries.map((d) => ({
      id: Number(d.id),
      destination: String(d.destination),
      route: String(d.route),
      state: d.state as DeliveryState,
      attempts: Number(d.attempts),
      lastStatus: nullableNumber(d.last_status),
      lastError: nullableString(d.last_error),
    })),
  };
}

export const toDestinationCount = (r: Row) => ({
  destination: String(r.destination),
  state: r.state as DeliveryState,
  count: Number(r.n),
});

/**
 * Rows the destinations page counts in one go on SQLite. The count reads every delivery kept: in
 * one statement, a large store would hold the event loop, and every sender waiting on it.
 */
export const COUNT_SLICE_ROWS = 10_000;

// Slices of rows, not of ids: retention leaves ids sparse (a dead letter kept from weeks ago, the
// rows between it and today pruned), and empty id ranges would still each cost a turn.
export const FIRST_ID = 'SELECT MIN(id) AS id FROM deliveries';
/** The first id of the slice after the one starting at `?` (`?` rows long), if there is one. */
export const NEXT_SLICE = 'SELECT id FROM deliveries WHERE id >= ? ORDER BY id LIMIT 1 OFFSET ?';
export const COUNTS_IN_SLICE =
  'SELECT destination, state, COUNT(*) AS n FROM deliveries WHERE id >= ? AND id < ? GROUP BY destination, state';

/** Read-only queries for the operators' pages. */
export function prepareBrowse(db: DatabaseSync, { sliceRows = COUNT_SLICE_ROWS } = {}): Browse {
  const alerts = db.prepare(
    'SELECT id, source, webhook_id, event_type, body, received_at FROM alerts WHERE id < ? ORDER BY id DESC LIMIT ?',
  );
  const deliveries = db.prepare(
    `SELECT id, destination, route, state, attempts, last_status, last_error FROM deliveries
       WHERE alert_id = ? ORDER BY id`,
  );
  const firstId = db.prepare(FIRST_ID);
  const nextSlice = db.prepare(NEXT_SLICE);
  const countsIn = db.prepare(COUNTS_IN_SLICE);
  return {
    async recentAlerts(limit, beforeId = Number.MAX_SAFE_INTEGER) {
      return (alerts.all(beforeId, limit) as Row[]).map((a) =>
        toAlertWithDeliveries(a, deliveries.all(a.id as number) as Row[]),
      );
    },
    // Slices of rows, the event loop let go between them: each row is counted once, in the state
    // it has when its slice is read.
    async destinationCounts() {
      const totals = new Map<string, { destination: string; state: DeliveryState; count: number }>();
      let from = (firstId.get() as { id: number | null }).id;
      while (from !== null) {
        const next = (nextSlice.get(from, sliceRows) as { id: number } | undefined)?.id ?? null;
        for (const row of countsIn.all(from, next ?? Number.MAX_SAFE_INTEGER) as Row[]) {
          const c = toDestinationCount(row);
          const key = `${c.state} ${c.destination}`;
          const total = totals.get(key);
          if (total) total.count += c.count;
          else totals.set(key, c);
        }
        from = next;
        if (from !== null) await nextTurn();
      }
      return [...totals.values()].sort((a, b) =>
        a.destination < b.destination ? -1 : a.destination > b.destination ? 1 : 0,
      );
    },
  };
}
