import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DATABASE_SCHEMA_RULE, isDatabaseSchemaName } from '@trackerkit/core';
import pg from 'pg';
import { storageError, WebhooksError } from '../../errors.ts';
import { flushPlan } from '../group-plan.ts';
import { ingestPlan } from '../ingest-plan.ts';
import { runPlanAsync } from '../plan.ts';
import { repeatDue } from '../repeat-due.ts';
import { createPruneStep } from '../retention.ts';
import type { Store } from '../store.ts';
import type { IngestItem } from '../types.ts';
import { inTransaction } from './in-transaction.ts';
import { pgBrowse } from './pg-browse.ts';
import { pgFiringOps } from './pg-firing-ops.ts';
import { pgFlushOps } from './pg-group-ops.ts';
import { pgHolds } from './pg-holds.ts';
import { pgIngestOps } from './pg-ingest-ops.ts';
import { pgOutbox } from './pg-outbox.ts';
import { type Presence, startPresence } from './pg-presence.ts';
import { pgPruneOps } from './pg-prune-ops.ts';
import { migrate } from './pg-schema.ts';
import { pgSilences } from './pg-silences.ts';
import { createPgWriteBatch } from './pg-write-batch.ts';

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** A schema of its own (created if missing); default: the connection's search_path. */
  schema?: string;
  /**
   * How long a replica's claim on an outbox row lasts when nothing else can tell whether the
   * replica lives: a replica whose database session ended (it died) leaves its rows to the others
   * at once (pg-presence.ts); one cut off from the database without that session ending, once the
   * lease has passed. A delivery still running past it may be sent again (same idempotency key).
   * Longer than any destination's timeout. Default 60 s.
   */
  leaseMs?: number;
  /** This replica's name in claims and in the `replicas` table. Default host:pid:random. */
  replicaId?: string;
  now?: () => number;
  /** Connections per replica. Default 10. */
  poolSize?: number;
  /**
   * A replica records itself (and its readiness probe) in `replicas`, and holds a session of its
   * own that binds its claims (pg-presence.ts); tools beside it pass false.
   */
  register?: boolean;
  /** The replica's session was lost (it is made again): until then other replicas may take its claims. */
  onSessionLost?: (error: Error) => void;
}

/** The pool, migrated, with this replica recorded and present (unless it is a tool). */
async function connect(
  options: PostgresStoreOptions,
  me: string,
  now: () => number,
): Promise<{ pool: pg.Pool; presence: Presence | undefined }> {
  if (options.schema !== undefined && !isDatabaseSchemaName(options.schema))
    throw new WebhooksError(`storage.schema: "${options.schema}" is not ${DATABASE_SCHEMA_RULE}`, {
      status: 400,
      reason: 'config',
    });
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle connection cut by a database restart: the next query opens a new one.
  pool.on('error', () => {});
  try {
    await migrate(pool, options.schema);
    if (options.register === false) return { pool, presence: undefined };
    await pool.query(
      `INSERT INTO replicas (id, pid, host, started_at, probed_at) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at`,
      [me, process.pid, hostname(), now()],
    );
    const presence = await startPresence({
      url: options.url,
      ...(options.schema ? { schema: options.schema } : {}),
      me,
      ...(options.onSessionLost ? { onLost: options.onSessionLost } : {}),
    });
    return { pool, presence };
  } catch (error) {
    await pool.end().catch(() => {});
    throw storageError(error);
  }
}

type Guard = <T>(work: () => Promise<T>) => Promise<T>;

/** Each of `methods` behind `guard`: a closed store refuses, a failure is a storage error. */
function guarded<M extends { [K in keyof M]: (...args: never[]) => Promise<unknown> }>(
  methods: M,
  guard: Guard,
): M {
  return Object.fromEntries(
    Object.entries(methods).map(([name, method]) => [
      name,
      (...args: never[]) => guard(() => (method as (...a: never[]) => Promise<unknown>)(...args)),
    ]),
  ) as M;
}

/**
 * Alerts are stored in this many write batches side by side, each on a connection of its own: a
 * batch waits on the database for each of its statements, and one batch at a time would leave
 * the cores idle meanwhile. The alerts of one tracker (or of one webhook id, for an alert of none)
 * always go to the same batch, in arrival order, so they are stored one after the other; across
 * batches, rows locked in one order make the batches wait for each other, as replicas do.
 */
const INGEST_LANES = 4;

/** The batch of `key`'s alerts (FNV-1a over its UTF-16 units). */
function laneOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % INGEST_LANES;
}

/** Reads of one number that may be absent (`MIN` over no rows). */
const nullableNumberOf = async (pool: pg.Pool, sql: string, values: unknown[] = []) => {
  const v = (await pool.query(sql, values)).rows[0]?.t;
  return v === null || v === undefined ? null : Number(v);
};

/**
 * The store on PostgreSQL, shared by every replica behind a load balancer. Dedupe is the unique
 * (source, webhook_id) key; outbox rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease, so
 * two replicas never take the same row while its lease runs; repeats are written only if the
 * firing row is still as it was read. Alerts and outcomes are written as on SQLite: each alert's
 * plan, in one transaction per write batch (pg-write-batch.ts). Migrations run at open, under an
 * advisory lock.
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? 60_000;
  const me = options.replicaId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const { pool, presence } = await connect(options, me, now);
  let closed = false;
  const guard: Guard = async (work) => {
    if (closed) throw storageError(new Error('store is closed'));
    try {
      return await work();
    } catch (error) {
      throw storageError(error);
    }
  };
  const query = (sql: string, values: unknown[] = []) => pool.query(sql, values);
  // The pending rows an alert or a flush makes are leased to this replica, which sends them at once.
  const lease = (t: number) => ({ by: me, until: t + leaseMs });
  const lanes = Array.from({ length: INGEST_LANES }, () => createPgWriteBatch(pool));
  const { settled: outcomesSettled, ...outbox } = pgOutbox({ pool, now, me, leaseMs });
  const prune = createPruneStep(pgPruneOps(pool));
  const firingOps = pgFiringOps(pool);
  const { localChanges, ...silences } = pgSilences(pool, now);
  const ingest = (item: IngestItem) => {
    const key =
      item.repeatScope ?? item.resolves ?? item.posted?.scope ?? `${item.source}\n${item.webhookId}`;
    return lanes[laneOf(key)]!.write((client) => {
      const t = now();
      return runPlanAsync(ingestPlan(item, t), pgIngestOps(client, lease(t)));
    }, key);
  };

  return {
    kind: 'postgres',
    ingest: (item) => guard(() => ingest(item)),
    ...guarded(outbox, guard),
    ...guarded(pgHolds(pool), guard),
    repeatDue: (isMuted) => guard(() => repeatDue(firingOps, now(), isMuted)),
    flushGroups: (judge) =>
      guard(() =>
        inTransaction(pool, (client) => {
          const t = now();
          return runPlanAsync(flushPlan(t, judge), pgFlushOps(client, lease(t)));
        }),
      ),
    nextFlushAt: () => guard(() => nullableNumberOf(pool, 'SELECT MIN(next_flush) AS t FROM alert_groups')),
    ping: () =>
      guard(async () => {
        await query('UPDATE replicas SET probed_at = $2 WHERE id = $1', [me, now()]);
      }),
    prune: (kind, before, afterId, window) => guard(() => prune(kind, before, afterId, window)),
    pruneSilences: (before) =>
      guard(async () => (await query('DELETE FROM silences WHERE ends_at < $1', [before])).rowCount ?? 0),
    silences: { localChanges, ...guarded(silences, guard) },
    forgetEnded: (t) => guard(() => firingOps.forgetEnded(t)),
    firingAlerts: (t = now()) => guard(() => firingOps.firingAlerts(t)),
    browse: guarded(pgBrowse(pool), guard),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...lanes.map((lane) => lane.settled()), outcomesSettled()]);
      // Claims this replica still holds go back at once instead of when their lease runs out.
      await query(
        "UPDATE deliveries SET locked_until = 0, locked_by = NULL WHERE locked_by = $1 AND state = 'pending'",
        [me],
      ).catch(() => {});
      await presence?.close();
      await pool.end();
    },
  };
}
