import type { DeliveryRow, DeliveryState } from './types.ts';

/** A row as either store's driver returns it (SQLite and PostgreSQL differ in number types). */
export type Row = Record<string, unknown>;
export const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const nullableString = (v: unknown) => (v === null || v === undefined ? null : String(v));

export const DELIVERY_COLUMNS = `d.id, d.alert_id, d.destination, d.route, d.idempotency_key, d.state, d.attempts,
  d.next_attempt_at, d.last_status, d.last_error, d.created_at, d.updated_at, d.delivered_at,
  d.group_key, d.payload, a.source, a.webhook_id, a.event_type, a.body, a.received_at`;

/**
 * The dead letters, oldest first, on SQLite: through their partial index, named, because without
 * statistics SQLite judges `state = 'dead'` in deliveries_due narrow enough to read and sort every
 * dead letter, and a partial index serves only a literal state.
 */
export const SQLITE_DEAD_LETTERS = `SELECT ${DELIVERY_COLUMNS} FROM deliveries d INDEXED BY deliveries_dead
  JOIN alerts a ON a.id = d.alert_id WHERE d.state = 'dead' ORDER BY d.id LIMIT ?`;

export function rowToDelivery(row: Row): DeliveryRow {
  return {
    id: Number(row.id),
    alertId: Number(row.alert_id),
    destination: String(row.destination),
    route: String(row.route),
    idempotencyKey: String(row.idempotency_key),
    state: row.state as DeliveryState,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    lastStatus: nullableNumber(row.last_status),
    lastError: nullableString(row.last_error),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    deliveredAt: nullableNumber(row.delivered_at),
    groupKey: nullableString(row.group_key),
    payload: nullableString(row.payload),
    source: String(row.source),
    webhookId: String(row.webhook_id),
    eventType: String(row.event_type),
    body: String(row.body),
    receivedAt: Number(row.received_at),
  };
}
