// What an n8n installation of the harness has recorded in its database, read the way n8n stores it:
// executions per workflow (the count the trigger tests compare) and a workflow's saved static data
// (what a restart, or another n8n process, loads).
import pg from 'pg';
import type { N8n } from './harness.ts';

/** One query on the database `n8n` runs on (its schema of the test database, or its own database). */
export async function queryN8n<T extends pg.QueryResultRow>(
  n8n: N8n,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const env = n8n.env();
  const schema = env.DB_POSTGRESDB_SCHEMA;
  const client = new pg.Client({
    host: env.DB_POSTGRESDB_HOST,
    port: Number(env.DB_POSTGRESDB_PORT),
    user: env.DB_POSTGRESDB_USER,
    password: env.DB_POSTGRESDB_PASSWORD,
    database: env.DB_POSTGRESDB_DATABASE,
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** How many executions of `workflowId` n8n has recorded, and how many of them have not ended yet. */
export async function executions(n8n: N8n, workflowId: string): Promise<{ all: number; unfinished: number }> {
  const [row] = await queryN8n<{ all: string; unfinished: string }>(
    n8n,
    `SELECT count(*) AS all, count(*) FILTER (WHERE status IN ('new', 'running')) AS unfinished
       FROM execution_entity WHERE "workflowId" = $1`,
    [workflowId],
  );
  return { all: Number(row?.all ?? 0), unfinished: Number(row?.unfinished ?? 0) };
}

/** The ids in the Alert Trigger's saved static data (`node:<name>`.deliveries) of `workflowId`. */
export async function savedDeliveries(n8n: N8n, workflowId: string, node: string): Promise<string[]> {
  const [row] = await queryN8n<{ staticData: unknown }>(
    n8n,
    'SELECT "staticData" FROM workflow_entity WHERE id = $1',
    [workflowId],
  );
  const value = row?.staticData;
  const data = (typeof value === 'string' ? JSON.parse(value) : value) as Record<
    string,
    { deliveries?: Record<string, number> }
  > | null;
  return Object.keys(data?.[`node:${node}`]?.deliveries ?? {});
}
