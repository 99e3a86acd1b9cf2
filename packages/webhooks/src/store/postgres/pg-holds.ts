import type { Pool } from 'pg';
import type { Store } from '../store.ts';

/** Destination holds on PostgreSQL: every replica stops sending to a destination one of them found down or busy. */
export function pgHolds(
  pool: Pool,
): Pick<Store, 'holdDestination' | 'releaseDestination' | 'destinationHolds'> {
  return {
    async holdDestination(destination, until) {
      await pool.query(
        `INSERT INTO destination_holds (destination, until) VALUES ($1, $2)
         ON CONFLICT (destination) DO UPDATE SET until = GREATEST(destination_holds.until, excluded.until)`,
        [destination, until],
      );
    },
    async releaseDestination(destination) {
      await pool.query('UPDATE destination_holds SET until = 0 WHERE destination = $1', [destination]);
    },
    async destinationHolds(t) {
      const { rows } = await pool.query('SELECT destination, until FROM destination_holds WHERE until > $1', [
        t,
      ]);
      return new Map(rows.map((r) => [String(r.destination), Number(r.until)]));
    },
  };
}
