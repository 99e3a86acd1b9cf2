// A replica's claims are bound to its database session: a replica killed with deliveries in flight
// leaves them to the others at once, not when their lease (60 s here) runs out; a live replica
// whose session was cut and made again keeps them; a replica that records no session (an earlier
// version) keeps them until the lease; a replica that ended holding nothing is forgotten.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { dropSchemas, freshSchema, TEST_DATABASE_URL } from '../../../../tests/helpers/test-database.ts';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { idempotencyKey } from '../../src/store/idempotency-key.ts';
import { openPostgresStore } from '../../src/store/postgres/open-postgres-store.ts';
import type { Store } from '../../src/store/store.ts';
import { exampleAlert, ingestItem, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { freePort, spawnReceiver } from '../helpers/spawn-receiver.ts';

const LEASE_MS = 60_000;
const schemas: string[] = [];
const children: ChildProcess[] = [];
const stores: Store[] = [];
let loop: Loopback | undefined;

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(stores.map((s) => s.close().catch(() => {})));
  await loop?.close();
  await dropSchemas(schemas);
});

const schemaFor = (prefix: string) => {
  const schema = freshSchema(prefix);
  schemas.push(schema);
  return schema;
};

async function query<T extends pg.QueryResultRow>(schema: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe('kill -9 of a replica holding deliveries in flight', () => {
  it('another replica delivers every one of them, under its key, long before the lease runs out', async () => {
    const HELD = 10;
    loop = await startLoopback();
    // The first HELD requests get no answer for longer than the test: the replica that sent them
    // holds them in flight until it is killed. Later requests are answered at once.
    loop.queue = Array.from({ length: HELD }, () => ({ status: 200, delayMs: 10 * LEASE_MS }));
    const schema = schemaFor('tk_failover');
    const dir = mkdtempSync(join(tmpdir(), 'tk-failover-'));
    const configPath = join(dir, 'config.yaml');
    writeFileSync(
      configPath,
      stringify({
        storage: { url: TEST_DATABASE_URL, schema, lease: `${LEASE_MS / 1000}s` },
        sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'TRACKER_WEBHOOK_SECRET' } }],
        destinations: [
          { name: 'forward', type: 'forward', url: loop.url, secret: { env: 'TRACKER_WEBHOOK_SECRET' } },
        ],
        route: { destination: 'forward' },
        log: { level: 'error' },
      }),
    );
    const env = { TRACKER_WEBHOOK_SECRET: SECRET };
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await spawnReceiver(configPath, portA, env);
    children.push(a.child);
    const b = await spawnReceiver(configPath, portB, env);
    children.push(b.child);

    const requests = Array.from({ length: HELD }, (_, i) =>
      signedRequest(exampleAlert({ tracker_id: `trk_failover_${i}` }), { id: `msg_failover_${i}` }),
    );
    for (const r of requests) {
      const res = await fetch(`http://127.0.0.1:${portA}/webhooks/tracker`, {
        method: 'POST',
        body: r.body,
        headers: r.headers,
      });
      expect(res.status).toBe(200);
    }
    // A has sent every one of them once and waits for answers that do not come.
    await waitUntil(() => loop!.queue.length === 0, {
      what: 'replica A holds every delivery in flight',
      timeout: 20_000,
    });
    expect(loop.keys.size).toBe(0);

    a.child.kill('SIGKILL');
    const keys = requests.map((r) => idempotencyKey('tracker', r.headers['webhook-id']!, 'forward'));
    // Far below the 60 s lease (the only way before), with room for a busy machine.
    await waitUntil(() => keys.every((k) => loop!.keys.has(k)), {
      what: 'replica B delivers what A held',
      timeout: 20_000,
    });
    expect(new Set(loop.keys.keys())).toEqual(new Set(keys));
    await waitUntil(
      async () => {
        const left = await query<{ n: string }>(
          schema,
          "SELECT count(*) AS n FROM deliveries WHERE state <> 'delivered'",
        );
        return Number(left[0]!.n) === 0;
      },
      { what: 'every delivery marked delivered, none lost or given up', timeout: 30_000 },
    );
  }, 60_000);
});

describe('claims of replicas that live, or cannot be told dead', () => {
  const at = 1_000_000;
  const now = () => at;

  it('a live replica whose session was cut and made again keeps its claims', async () => {
    const schema = schemaFor('tk_failover_live');
    const a = await openPostgresStore({ url: TEST_DATABASE_URL, schema, replicaId: 'a', now, poolSize: 2 });
    const b = await openPostgresStore({ url: TEST_DATABASE_URL, schema, replicaId: 'b', now, poolSize: 2 });
    stores.push(a, b);
    const { pending } = await a.ingest(ingestItem('held'));
    expect(pending).toHaveLength(1);
    expect(await b.due(10, new Set())).toEqual([]);

    const [before] = await query<{ session_pid: number }>(
      schema,
      "SELECT session_pid FROM replicas WHERE id = 'a'",
    );
    // A replica that ended holding nothing: forgotten when a session is next recorded.
    await query(
      schema,
      "INSERT INTO replicas (id, pid, host, started_at, probed_at, session_pid, session_start) VALUES ('gone', 1, 'h', 0, 0, 2147483647, now())",
    );
    await query(schema, 'SELECT pg_terminate_backend($1)', [before!.session_pid]);
    await waitUntil(
      async () => {
        const [row] = await query<{ session_pid: number | null }>(
          schema,
          "SELECT session_pid FROM replicas WHERE id = 'a'",
        );
        const alive = await query(schema, 'SELECT 1 FROM pg_stat_activity WHERE pid = $1', [
          row!.session_pid,
        ]);
        return row!.session_pid !== before!.session_pid && alive.length === 1;
      },
      { what: 'replica a records its new session', timeout: 30_000 },
    );
    expect(await b.due(10, new Set())).toEqual([]);
    expect((await a.due(10, new Set())).map((d) => d.id)).toEqual(pending.map((d) => d.id));
    expect(
      (await query<{ id: string }>(schema, 'SELECT id FROM replicas ORDER BY id')).map((r) => r.id),
    ).toEqual(['a', 'b']);
  });

  it('a replica that records no session keeps its claims until their lease has passed', async () => {
    const schema = schemaFor('tk_failover_old');
    let t = at;
    const clock = () => t;
    // An earlier version's replica: its row has no session, its claims only a lease.
    const old = await openPostgresStore({
      url: TEST_DATABASE_URL,
      schema,
      replicaId: 'old',
      now: clock,
      poolSize: 2,
      register: false,
      leaseMs: LEASE_MS,
    });
    const b = await openPostgresStore({
      url: TEST_DATABASE_URL,
      schema,
      replicaId: 'b',
      now: clock,
      poolSize: 2,
    });
    stores.push(old, b);
    await query(
      schema,
      "INSERT INTO replicas (id, pid, host, started_at, probed_at) VALUES ('old', 1, 'h', 0, 0)",
    );
    const { pending } = await old.ingest(ingestItem('old-held'));
    expect(await b.due(10, new Set())).toEqual([]);
    t = at + LEASE_MS;
    expect((await b.due(10, new Set())).map((d) => d.id)).toEqual(pending.map((d) => d.id));
  });
});
