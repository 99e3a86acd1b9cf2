import { cutSecrets } from '../config/secret-values.ts';
import type { DestinationConfig } from '../config/types.ts';
import type { AlertEvent } from '../events/types.ts';
import type { Logger } from '../server/logger.ts';
import type { Metrics } from '../server/metrics.ts';
import type { Store } from '../store/open-store.ts';
import type { DeliveryRow } from '../store/types.ts';
import { backoffDelay, RETRY_AFTER_CEILING_MS } from './backoff-delay.ts';
import { type BreakerState, type CircuitBreaker, createCircuitBreaker } from './circuit-breaker.ts';
import { classifyOutcome } from './classify-outcome.ts';
import { formatAlert } from './format-alert.ts';
import type { DeliveryOutcome, Destination } from './types.ts';

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
  metrics: Metrics;
  logger: Logger;
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
}

const BREAKER_GAUGE: Record<BreakerState, number> = { closed: 0, 'half-open': 1, open: 2 };

/**
 * The delivery loop: takes pending rows (fresh from an ingest, or due in the store), delivers them
 * with retries, and records each outcome in the store's next group commit. The process owns its
 * store, so what it holds in flight is a set in memory, not a lease written to disk.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { store, metrics, logger } = options;
  const now = options.now ?? Date.now;
  const destinations = new Map(options.destinations.map((d) => [d.name, d]));
  const configs = new Map(options.configs.map((c) => [c.name, c]));
  const breakers = new Map<string, CircuitBreaker>(
    options.configs.map((c) => {
      metrics.set('trackerkit_webhooks_breaker_state', BREAKER_GAUGE.closed, { destination: c.name });
      const breaker = createCircuitBreaker({
        ...options.breaker,
        // A probe's outcome always comes back within its timeout; past that (plus a margin) it was lost.
        probeTimeoutMs: c.timeoutMs + 30_000,
        now,
        onTransition: ({ from, to, reason }) => {
          metrics.set('trackerkit_webhooks_breaker_state', BREAKER_GAUGE[to], { destination: c.name });
          metrics.inc('trackerkit_webhooks_breaker_transitions_total', { destination: c.name, from, to });
          const fields = { destination: c.name, from, to, reason };
          if (to === 'open') logger.warn('circuit breaker opened', fields);
          else logger.info(`circuit breaker ${to === 'closed' ? 'closed' : 'half-open'}`, fields);
        },
      });
      return [c.name, breaker];
    }),
  );
  // A destination that asked us to slow down (429, or 503 with Retry-After) is paused as a whole:
  // its other rows wait too instead of each spending an attempt on the same refusal.
  const pausedUntil = new Map<string, number>();
  const stopController = new AbortController();
  const inFlight = new Set<Promise<void>>();
  // Rows taken and not yet settled in the store (in flight, or their outcome not yet committed).
  const held = new Set<number>();
  // Outcomes handed to the store and not yet committed: a stop waits for them.
  const recording = new Set<Promise<void>>();
  // Pending rows may be waiting in the store beyond what was taken: look there on the next turn.
  let backlog = true;
  let timer: NodeJS.Timeout | undefined;
  let scheduled = false;
  let running = false;

  const finish = (row: DeliveryRow, outcome: DeliveryOutcome, probe: boolean): Promise<void> => {
    const config = configs.get(row.destination)!;
    const breaker = breakers.get(row.destination)!;
    const attempts = row.attempts + 1;
    const labels = { destination: row.destination };
    const log = {
      delivery: row.id,
      destination: row.destination,
      idempotency_key: row.idempotencyKey,
      attempts,
    };
    if (outcome.ok) {
      breaker.success(`delivered${outcome.status === null ? '' : ` (${outcome.status})`}`);
      const recorded = store.markDelivered(row.id, outcome.status);
      metrics.inc('trackerkit_webhooks_delivered_total', labels);
      metrics.observe(
        'trackerkit_webhooks_delivery_latency_seconds',
        (now() - row.receivedAt) / 1000,
        labels,
      );
      logger.debug('delivered', { ...log, status: outcome.status });
      return recorded;
    }
    const error = cutSecrets(outcome.error, options.secrets?.get(row.destination) ?? []);
    const verdict = classifyOutcome(outcome);
    const dead = () => {
      metrics.inc('trackerkit_webhooks_dead_lettered_total', labels);
      logger.warn('dead-lettered', { ...log, status: outcome.status, error });
      return store.markDead(row.id, outcome.status, error);
    };
    // The message's own failure: it goes to the dead letters; the destination's health is
    // judged only by what the destination itself said.
    if (verdict === 'unsendable') {
      if (probe) breaker.release();
      return dead();
    }
    if (verdict === 'refused') {
      breaker.success(`answered ${outcome.status} to one message: the destination is up`);
      return dead();
    }
    const delay = backoffDelay(config.retry, attempts, outcome.retryAfterMs);
    if (outcome.retryAfterMs !== undefined) {
      pausedUntil.set(row.destination, Math.max(pausedUntil.get(row.destination) ?? 0, now() + delay));
      if (outcome.retryAfterMs > config.retry.maxDelayMs) {
        logger.warn('destination asked for a delay longer than retry.max_delay', {
          destination: row.destination,
          retry_after_ms: outcome.retryAfterMs,
          max_delay_ms: config.retry.maxDelayMs,
          honoured_ms: delay,
          ceiling_ms: RETRY_AFTER_CEILING_MS,
        });
      }
    }
    const reason = error.slice(0, 120);
    if (verdict === 'wait') breaker.wait(now() + delay, `${reason}; probing again in ${delay} ms`);
    else breaker.failure(reason);
    if (attempts >= config.retry.maxAttempts) return dead();
    metrics.inc('trackerkit_webhooks_retried_total', labels);
    logger.info('retry scheduled', { ...log, status: outcome.status, error, delay_ms: delay });
    return store.markRetry(row.id, now() + delay, outcome.status, error);
  };

  /**
   * One attempt. Resolves as soon as the destination has answered, with the outcome's record
   * still being committed: the slot is free for the next delivery while the store catches up.
   */
  const attempt = async (row: DeliveryRow): Promise<{ recorded: Promise<void> }> => {
    const destination = destinations.get(row.destination);
    if (!destination) {
      metrics.inc('trackerkit_webhooks_dead_lettered_total', { destination: row.destination });
      return {
        recorded: store.markDead(row.id, null, `destination ${row.destination} is no longer configured`),
      };
    }
    const paused = pausedUntil.get(row.destination) ?? 0;
    if (now() < paused) return { recorded: store.postpone(row.id, paused) };
    const breaker = breakers.get(row.destination)!;
    if (!breaker.allow()) return { recorded: store.postpone(row.id, breaker.retryAt()) };
    // In half-open, `allow` lets exactly one attempt through: this one is the probe.
    const probe = breaker.state() === 'half-open';
    const config = configs.get(row.destination)!;
    let outcome: DeliveryOutcome;
    try {
      const event = JSON.parse(row.body) as AlertEvent;
      outcome = await destination.deliver({
        event,
        summary: formatAlert(event),
        idempotencyKey: row.idempotencyKey,
        body: row.body,
        attempt: row.attempts + 1,
        signal: AbortSignal.any([stopController.signal, AbortSignal.timeout(config.timeoutMs)]),
      });
    } catch (error) {
      // Destinations report I/O failures as outcomes; what throws is preparing this message
      // (formatting an alert nested thousands of levels deep overflows the stack): it fails the
      // same way on every attempt, so it is dead-lettered without blaming the destination.
      const err = error as Error;
      outcome = {
        ok: false,
        retryable: false,
        status: null,
        error: `the message could not be formatted or sent: ${err.name}: ${err.message}`,
      };
    }
    const notRecorded = (error: unknown) => {
      // Not recorded (the store is failing or closing): the row is still pending in the store and
      // is sent again, with the same idempotency key, when it is next taken (at least once).
      if (probe) breaker.release();
      logger.error('could not record delivery outcome', {
        delivery: row.id,
        error: (error as Error).message,
      });
    };
    try {
      return { recorded: finish(row, outcome, probe).catch(notRecorded) };
    } catch (error) {
      notRecorded(error);
      return { recorded: Promise.resolve() };
    }
  };

  const take = (row: DeliveryRow) => {
    held.add(row.id);
    const release = () => held.delete(row.id);
    const p: Promise<void> = attempt(row)
      .then(
        ({ recorded }) => {
          const r = recorded.finally(() => {
            release();
            recording.delete(r);
          });
          recording.add(r);
        },
        (error: Error) => {
          release();
          logger.error('delivery failed', { delivery: row.id, error: error.message });
        },
      )
      .finally(() => {
        inFlight.delete(p);
        if (backlog) wake();
      });
    inFlight.add(p);
  };

  /** `poll`: the timer's look, which always reads the store (retries come due, replays from outside). */
  const tick = (poll = false) => {
    scheduled = false;
    if (!running) return;
    clearTimeout(timer);
    try {
      const free = options.concurrency - inFlight.size;
      if ((backlog || poll) && free > 0) {
        const rows = store.due(free, held);
        backlog = rows.length === free;
        for (const row of rows) take(row);
      }
    } catch (error) {
      logger.error('outbox poll failed', { error: (error as Error).message });
    }
    if (running) timer = setTimeout(() => tick(true), options.pollIntervalMs);
  };

  const wake = () => {
    backlog = true;
    if (!running || scheduled) return;
    scheduled = true;
    setImmediate(tick);
  };

  return {
    start() {
      if (running) return;
      running = true;
      wake();
    },
    offer(rows) {
      for (const row of rows) {
        if (!running || inFlight.size >= options.concurrency) {
          wake();
          return;
        }
        // A grouped alert waits in the store for its group's notification time.
        if (row.nextAttemptAt > now()) continue;
        if (!held.has(row.id)) take(row);
      }
    },
    wake,
    async stop(graceMs = 5000) {
      running = false;
      clearTimeout(timer);
      const grace = setTimeout(() => stopController.abort(), graceMs);
      await Promise.allSettled([...inFlight]);
      await Promise.allSettled([...recording]);
      clearTimeout(grace);
      await Promise.allSettled([...destinations.values()].map(async (d) => d.close?.()));
    },
    breakerState: (name) => breakers.get(name)?.state(),
  };
}
