import type { QueryConfig } from 'pg';

/**
 * The delivered mark of one flush: the deliveries of `items` that are still pending become
 * delivered, each with its own HTTP status. Written so that PostgreSQL finds the rows by primary key
 * whatever its statistics say and however the table has grown (measured on PostgreSQL 15):
 * - The state test is kept out of the index choice (`state || ''`). Tested plainly, PostgreSQL walks
 *   every pending row through the `deliveries_due` partial index whenever its statistics were taken
 *   while few were pending and a backlog has grown since: 0.3 ms a mark with 1,000 pending, 21 ms
 *   with 100,000, just when the receiver is catching up; by primary key, 0.02-0.03 ms either way.
 * - The statement is unnamed, so it is planned on each run against the table as it is now. Named
 *   (prepared once per connection), it keeps the plan it got while the table was small: 10-38 ms a
 *   mark once the table holds 60,000 rows. Planning each time costs the backends about 45 µs per
 *   alert in the delivery bench (174-181 against 133), which is the price of having no such cliff.
 */
export function deliveredQuery(
  items: readonly { id: number; status: number | null }[],
  at: number,
): QueryConfig {
  return {
    text: `UPDATE deliveries d SET state = 'delivered', attempts = attempts + 1, last_status = u.status, last_error = NULL,
         updated_at = $3, delivered_at = $3, locked_until = 0, locked_by = NULL
       FROM unnest($1::bigint[], $2::int[]) AS u(id, status) WHERE d.id = u.id AND (d.state || '') = 'pending'`,
    values: [items.map((i) => i.id), items.map((i) => i.status), at],
  };
}
