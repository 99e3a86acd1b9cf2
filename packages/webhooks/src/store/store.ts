import type { Browse } from './browse.ts';
import type { FlushJudge } from './group-plan.ts';
import type { OutboxCounts } from './outbox-counts.ts';
import type { PruneKind, PruneStep } from './retention.ts';
import type { SilenceStore } from './silence-store.ts';
import type { DeliveryRow, IngestItem, IngestResult } from './types.ts';

/**
 * Everything the receiver keeps, whatever keeps it: the embedded SQLite file (one process) or
 * PostgreSQL (several replicas). One contract, one set of tests run against both, so the two
 * cannot drift. Every method is asynchronous because one of the two talks over a network.
 */
export interface Store {
  /** Which store this is: `sqlite` (one process, a file) or `postgres` (shared by replicas). */
  readonly kind: 'sqlite' | 'postgres';
  /** Durably stores an alert and its outbox rows; resolves only after the commit. */
  ingest(item: IngestItem): Promise<IngestResult>;
  /**
   * Up to `limit` pending rows whose time has come, oldest first, leaving out `skip` (rows this
   * process holds in flight). Rows returned are this process's to attempt: SQLite's owner is the
   * only process on its file; PostgreSQL leases them so that no other replica takes them until
   * an outcome is recorded or the lease runs out.
   */
  due(limit: number, skip: ReadonlySet<number>): Promise<DeliveryRow[]>;
  markDelivered(id: number, status: number | null): Promise<void>;
  markRetry(id: number, nextAttemptAt: number, status: number | null, error: string): Promise<void>;
  /** Puts a row back without counting an attempt (circuit open, destination paused). */
  postpone(id: number, nextAttemptAt: number): Promise<void>;
  markDead(id: number, status: number | null, error: string): Promise<void>;
  get(id: number): Promise<DeliveryRow | undefined>;
  list(state: DeliveryRow['state'], limit?: number): Promise<DeliveryRow[]>;
  /** Dead letters back to pending, same idempotency key. Returns how many. */
  replay(id: number | 'all'): Promise<number>;
  /** Rows by state, every state: reads every row kept (tests and inspection, not /metrics). */
  counts(): Promise<Record<string, number>>;
  /** The pending and dead rows, each counted through an index (outbox-counts.ts): what /metrics reports. */
  outboxCounts(): Promise<OutboxCounts>;
  /**
   * Re-sends the latest alert of each (route, tracker) still firing whose repeat_interval has
   * passed (muted or held ones wait); returns how many outbox rows it added. Time is the store's clock.
   */
  repeatDue(
    isMuted?: (route: string, now: number, body: string) => boolean | Promise<boolean>,
  ): Promise<number>;
  /**
   * Flushes Alertmanager's aggregation groups whose time has come (`flushPlan`): their
   * notifications become pending outbox rows, taken by this process (returned, for the outbox to
   * send from memory). Time is the store's clock.
   */
  flushGroups(judge: FlushJudge): Promise<DeliveryRow[]>;
  /** The earliest group flush due (epoch ms), or null when no group waits. */
  nextFlushAt(): Promise<number | null>;
  nextDueAt(): Promise<number | null>;
  /** Rejects unless the store can write: a probe row is written and committed (a full disk fails it). */
  ping(): Promise<void>;
  /** One retention step (see `createRetention`): deletes old rows among `window` ids from the first after `afterId`. */
  prune(kind: PruneKind, before: number, afterId: number, window: number): Promise<PruneStep>;
  /** Deletes silences that ended before `before`; returns how many. */
  pruneSilences(before: number): Promise<number>;
  /**
   * Forgets what Alertmanager forgets: posted alerts that ended `ENDED_ALERTS_KEPT_MS` before
   * `now` (and their repeats), notification log entries older than `NOTIFY_LOG_KEPT_MS`. Returns
   * how many alerts went.
   */
  forgetEnded(now: number): Promise<number>;
  /** Alertmanager-style silences, kept in the store. */
  silences: SilenceStore;
  /**
   * The body of each alert firing at `now` (default: the store's clock): each tracker's latest
   * tracker.alert not yet resolved, and each posted alert as merged whose end is still ahead.
   * inhibit_rules' sources, and what `/api/v2/alerts` lists.
   */
  firingAlerts(now?: number): Promise<string[]>;
  /**
   * Holds a destination until `until` (a Retry-After, an open circuit), for every process on the
   * store: replicas on PostgreSQL stop sending to a destination one of them found down or busy.
   * A later hold extends an earlier one, never shortens it.
   */
  holdDestination(destination: string, until: number): Promise<void>;
  /** The destination is up again (its circuit closed): its hold ends now. */
  releaseDestination(destination: string): Promise<void>;
  /** Destinations held past `now`, and until when. */
  destinationHolds(now: number): Promise<Map<string, number>>;
  /** Read-only queries for the `/ui` pages. */
  browse: Browse;
  close(): Promise<void>;
}

/** The outbox's part of the store: the due rows, their outcomes and counts; each backend has a module of it. */
export type StoreOutbox = Pick<
  Store,
  | 'due'
  | 'markDelivered'
  | 'markRetry'
  | 'postpone'
  | 'markDead'
  | 'get'
  | 'list'
  | 'replay'
  | 'counts'
  | 'outboxCounts'
  | 'nextDueAt'
>;
