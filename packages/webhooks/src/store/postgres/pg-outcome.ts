import type { QueryConfig } from 'pg';

/**
 * The outcome of one claimed delivery (delivered, retried, dead, postponed): `set` applied to the
 * row whose id is `$1` while it is still pending, and its claim ended; a row another replica
 * finished meanwhile (its lease ran out) stays finished. Written so that PostgreSQL finds the row
 * by primary key whatever its statistics say and however the table has grown:
 * - The state test is kept out of the index choice (`state || ''`). Tested plainly, PostgreSQL may
 *   walk every pending row through the `deliveries_due` partial index when its statistics were
 *   taken while few were pending and a backlog has grown since, just when the receiver catches up.
 * - The statement is unnamed, so it is planned on each run against the table as it is now; named
 *   (prepared once per connection), it would keep the plan it got while the table was small.
 */
export function outcomeQuery(set: string, values: unknown[]): QueryConfig {
  return {
    text: `UPDATE deliveries SET ${set}, locked_until = 0, locked_by = NULL
      WHERE id = $1 AND (state || '') = 'pending'`,
    values,
  };
}

/** The delivered outcome: `outcomeQuery` for a row sent with HTTP status `status` at `at`. */
export const deliveredQuery = (id: number, status: number | null, at: number): QueryConfig =>
  outcomeQuery(
    "state = 'delivered', attempts = attempts + 1, last_status = $2, last_error = NULL, updated_at = $3, delivered_at = $3",
    [id, status, at],
  );
