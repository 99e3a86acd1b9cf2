/**
 * The rows the outbox holds, pending and dead, for /metrics: each counted through an index of its
 * state (SQLite's `deliveries_due` on (state, ...); PostgreSQL's partial `deliveries_due` and
 * `deliveries_dead`), so a scrape costs what the backlog and the dead letters hold, not what the
 * kept history does. Counting every state would read every row kept, on SQLite on the event loop,
 * on every scrape.
 */
export const OUTBOX_COUNTS = `SELECT (SELECT COUNT(*) FROM deliveries WHERE state = 'pending') AS pending,
  (SELECT COUNT(*) FROM deliveries WHERE state = 'dead') AS dead`;

export interface OutboxCounts {
  pending: number;
  dead: number;
}

export const outboxCountsOf = (row: Record<string, unknown> | undefined): OutboxCounts => ({
  pending: Number(row?.pending ?? 0),
  dead: Number(row?.dead ?? 0),
});
