import type { DatabaseSync } from 'node:sqlite';
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

/** Read-only queries for the operators' pages. */
export function prepareBrowse(db: DatabaseSync): Browse {
  const alerts = db.prepare(
    'SELECT id, source, webhook_id, event_type, body, received_at FROM alerts WHERE id < ? ORDER BY id DESC LIMIT ?',
  );
  const deliveries = db.prepare(
    `SELECT id, destination, route, state, attempts, last_status, last_error FROM deliveries
       WHERE alert_id = ? ORDER BY id`,
  );
  const counts = db.prepare(
    'SELECT destination, state, COUNT(*) AS n FROM deliveries GROUP BY destination, state ORDER BY destination',
  );
  return {
    async recentAlerts(limit, beforeId = Number.MAX_SAFE_INTEGER) {
      return (alerts.all(beforeId, limit) as Row[]).map((a) =>
        toAlertWithDeliveries(a, deliveries.all(a.id as number) as Row[]),
      );
    },
    destinationCounts: async () => (counts.all() as Row[]).map(toDestinationCount),
  };
}
