import type { Store } from '../store/store.ts';
import type { DeliveryRow } from '../store/types.ts';
import { type AttemptParts, attemptDelivery } from './attempt-delivery.ts';
import { createDestinationHolds } from './destination-holds.ts';
import type { DestinationConfig } from './destinations/index.ts';
import { ALERTMANAGER_SERIES, integrationOf } from './integration-label.ts';
import { createBreakers } from './outbox-breakers.ts';
import type { OutboxLog, OutboxMetrics } from './outbox-ports.ts';
import type { Destination } from './types.ts';

export interface OutboxOptions {
  store: Store;
  destinations: Destination[];
  /** What the loop needs of each destination's configuration (the code-handlers one has no more). */
  configs: Array<Pick<DestinationConfig, 'name' | 'timeoutMs' | 'retry'>>;
  /** Secret values per destination name, cut out of error text before it is stored or logged. */
  secrets?: Map<string, string[]>;
  concurrency: number;
  pollIntervalMs: number;
  breaker: { failureThreshold: number; cooldownMs: number };
  metrics: OutboxMetrics;
  logger: OutboxLog;
  /** Called as each attempt starts: the receiver samples its event loop while it works. */
  working?: () => void;
  now?: () => number;
}

export interface Outbox {
  start(): void;
  /**
   * Rows an ingest has just committed: sent from memory when there is room (no read back from
   * the store); otherwise they wait in the store for the next look.
   */
  offer(rows: DeliveryRow[]): void;
  /** Look in the store for due work now (a replay, a repeat). */
  wake(): void;
  /** Stops claiming; waits up to `graceMs` for attempts in flight, then aborts them (they are retried later). */
  stop(graceMs?: number): Promise<void>;
  breakerState(name: string): string | undefined;
  /**
   * What the outbox holds in memory: attempts in flight (at most `concurrency`), rows taken and
   * not yet settled, outcomes not yet committed. The rest waits in the store, so none of these
   * grows with the load; `/metrics` shows them so a soak can tell.
   */
  inMemory(): { inFlight: number; held: number; recording: number };
}

/**
 * The delivery loop: takes pending rows (fresh from an ingest, or due in the store), delivers them
 * with retries, and records each outcome in the store's next group commit. The process owns its
 * store, so what it holds in flight is a set in memory, not a lease written to disk.
 *
 * Made of three parts: the attempt (attempt-delivery.ts, with the breakers and holds it consults),
 * the work in memory (`createWork`: what is in flight, held and being recorded) and the look at
 * the store (`createLooker`: when to read due rows, one look at a time).
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { store, metrics, logger } = options;
  const now = options.now ?? Date.now;
  const destinations = new Map(options.destinations.map((d) => [d.name, d]));
  const holds = createDestinationHolds({ store, logger, pollIntervalMs: options.pollIntervalMs, now });
  // Alertmanager's notification series of each integration configured, at zero from the start.
  for (const d of options.destinations) {
    const integration = integrationOf(d.type);
    if (!integration) continue;
    for (const name of ALERTMANAGER_SERIES) metrics.declare(name, { integration });
  }
  const breakers = createBreakers({
    configs: options.configs,
    breaker: options.breaker,
    holds,
    metrics,
    logger,
    now,
  });
  const stopController = new AbortController();
  const parts: AttemptParts = {
    store,
    destinations,
    configs: new Map(options.configs.map((c) => [c.name, c])),
    breakers,
    secrets: options.secrets,
    holds,
    metrics,
    logger,
    now,
    stop: stopController.signal,
  };
  const work = createWork(
    (row) => attemptDelivery(parts, row),
    logger,
    () => looker.settled(),
  );
  const looker = createLooker({
    concurrency: options.concurrency,
    pollIntervalMs: options.pollIntervalMs,
    logger,
    work,
    due: async (free) => {
      await holds.refresh();
      return store.due(free, work.held);
    },
    take: (row) => {
      options.working?.();
      work.take(row);
    },
  });
  return {
    start: looker.start,
    offer(rows) {
      for (const row of rows) {
        if (!looker.running() || work.inFlight.size >= options.concurrency) {
          looker.wake();
          return;
        }
        // An alert on a grouping route waits in the store for its group's flush.
        if (row.nextAttemptAt > now()) continue;
        if (!work.held.has(row.id)) {
          options.working?.();
          work.take(row);
        }
      }
    },
    wake: looker.wake,
    async stop(graceMs = 5000) {
      looker.stop();
      const grace = setTimeout(() => stopController.abort(), graceMs);
      await work.settle();
      clearTimeout(grace);
      await Promise.allSettled([...destinations.values()].map(async (d) => d.close?.()));
    },
    breakerState: (name) => breakers.get(name)?.state(),
    inMemory: () => ({ inFlight: work.inFlight.size, held: work.held.size, recording: work.recording.size }),
  };
}

/** What the outbox holds in memory, none of it growing with the load. */
interface Work {
  /** Attempts waiting on their destination: at most `concurrency`. */
  inFlight: Set<Promise<void>>;
  /** Rows taken and not yet settled in the store (in flight, or their outcome not yet committed). */
  held: Set<number>;
  /** Outcomes handed to the store and not yet committed: a stop waits for them. */
  recording: Set<Promise<void>>;
  /** Takes a row: one attempt, its outcome recorded in the background. */
  take(row: DeliveryRow): void;
  /** Waits for the attempts in flight, then for their outcomes' records. */
  settle(): Promise<void>;
}

function createWork(
  attempt: (row: DeliveryRow) => Promise<{ recorded: Promise<void> }>,
  logger: OutboxLog,
  onAnswered: () => void,
): Work {
  const inFlight = new Set<Promise<void>>();
  const held = new Set<number>();
  const recording = new Set<Promise<void>>();
  return {
    inFlight,
    held,
    recording,
    take(row) {
      held.add(row.id);
      const p: Promise<void> = attempt(row)
        .then(
          ({ recorded }) => {
            const r = recorded.finally(() => {
              held.delete(row.id);
              recording.delete(r);
            });
            recording.add(r);
          },
          (error: Error) => {
            held.delete(row.id);
            logger.error('delivery failed', { delivery: row.id, error: error.message });
          },
        )
        .finally(() => {
          inFlight.delete(p);
          onAnswered();
        });
      inFlight.add(p);
    },
    async settle() {
      await Promise.allSettled([...inFlight]);
      await Promise.allSettled([...recording]);
    },
  };
}

/**
 * When the outbox reads the store: on a wake (an ingest, a replay, a slot freed while rows may
 * wait) and on every poll interval (retries come due, replays from outside). One look at a time:
 * a wake during a look is answered by another look after it.
 */
function createLooker(options: {
  concurrency: number;
  pollIntervalMs: number;
  logger: OutboxLog;
  work: Pick<Work, 'inFlight' | 'held'>;
  due: (free: number) => Promise<DeliveryRow[]>;
  take: (row: DeliveryRow) => void;
}) {
  const { work } = options;
  // Pending rows may be waiting in the store beyond what was taken: look there on the next turn.
  let backlog = true;
  let timer: NodeJS.Timeout | undefined;
  let scheduled = false;
  let running = false;
  let looking = false;
  let lookAgain = false;
  /** `poll`: the timer's look, which always reads the store. */
  const tick = async (poll = false) => {
    scheduled = false;
    if (!running) return;
    if (looking) {
      lookAgain = true;
      return;
    }
    clearTimeout(timer);
    const free = options.concurrency - work.inFlight.size;
    if ((backlog || poll) && free > 0) {
      looking = true;
      try {
        const rows = await options.due(free);
        backlog = rows.length === free;
        for (const row of rows) if (running && !work.held.has(row.id)) options.take(row);
      } catch (error) {
        options.logger.error('outbox poll failed', { error: (error as Error).message });
      } finally {
        looking = false;
      }
      if (lookAgain) {
        lookAgain = false;
        wake();
      }
    }
    if (running) {
      clearTimeout(timer);
      timer = setTimeout(() => void tick(true), options.pollIntervalMs);
    }
  };
  const wake = () => {
    backlog = true;
    if (!running || scheduled) return;
    scheduled = true;
    setImmediate(() => void tick());
  };
  return {
    wake,
    running: () => running,
    /** An attempt was answered: a slot is free for rows that may be waiting in the store. */
    settled: () => {
      if (backlog) wake();
    },
    start() {
      if (running) return;
      running = true;
      wake();
    },
    stop() {
      running = false;
      clearTimeout(timer);
    },
  };
}
