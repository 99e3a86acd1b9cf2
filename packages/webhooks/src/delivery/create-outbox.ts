import { policyBackoffMs, RETRY_AFTER_CEILING_MS } from '@trackerkit/core';
import { cutSecrets } from '../config/secret-values.ts';
import type { DestinationConfig } from '../config/types.ts';
import type { Store } from '../store/store.ts';
import type { DeliveryRow } from '../store/types.ts';
import type { GroupNotification } from './alertmanager-payload.ts';
import { type BreakerState, type CircuitBreaker, createCircuitBreaker } from './circuit-breaker.ts';
import { classifyOutcome } from './classify-outcome.ts';
import { formatAlert } from './format-alert.ts';
import { notificationSummary } from './format-group.ts';
import { ALERTMANAGER_SERIES, integrationOf } from './integration-label.ts';
import type { OutboxLog, OutboxMetrics } from './outbox-ports.ts';
import { storedEvent } from './stored-event.ts';
import type { DeliveryJob, DeliveryOutcome, Destination } from './types.ts';

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
  // A destination held (Retry-After, an open circuit) is held in the store too, so that every
  // process on it holds it: replicas on PostgreSQL do not each find out by failing.
  const share = (destination: string, until: number) =>
    store
      .holdDestination(destination, until)
      .catch((error: Error) =>
        logger.warn('could not share a destination hold', { destination, error: error.message }),
      );
  const unshare = (destination: string) =>
    store
      .releaseDestination(destination)
      .catch((error: Error) =>
        logger.warn('could not end a destination hold', { destination, error: error.message }),
      );
  // Alertmanager's notification series of each integration configured, at zero from the start.
  for (const d of options.destinations) {
    const integration = integrationOf(d.type);
    if (!integration) continue;
    for (const name of ALERTMANAGER_SERIES) metrics.declare(name, { integration });
  }
  const breakers = new Map<string, CircuitBreaker>(
    options.configs.map((c) => {
      metrics.set('trackerkit_webhooks_breaker_state', BREAKER_GAUGE.closed, { destination: c.name });
      const breaker = createCircuitBreaker({
        ...options.breaker,
        // A probe's outcome always comes back within its timeouts (an HTTP attempt's connect,
        // answer and body are bounded by it each); past that (plus a margin) it was lost.
        probeTimeoutMs: 3 * c.timeoutMs + 30_000,
        now,
        onTransition: ({ from, to, reason }) => {
          metrics.set('trackerkit_webhooks_breaker_state', BREAKER_GAUGE[to], { destination: c.name });
          metrics.inc('trackerkit_webhooks_breaker_transitions_total', { destination: c.name, from, to });
          const fields = { destination: c.name, from, to, reason };
          if (to === 'open') logger.warn('circuit breaker opened', fields);
          else logger.info(`circuit breaker ${to === 'closed' ? 'closed' : 'half-open'}`, fields);
          if (to === 'open') void share(c.name, breaker.retryAt());
          else if (to === 'closed') void unshare(c.name);
        },
      });
      return [c.name, breaker];
    }),
  );
  // A destination that asked us to slow down (429, or 503 with Retry-After) is paused as a whole:
  // its other rows wait too instead of each spending an attempt on the same refusal.
  const pausedUntil = new Map<string, number>();
  // The holds in the store (this process's own and other replicas'), read at most once per poll interval.
  let sharedHolds = new Map<string, number>();
  let holdsReadAt = Number.NEGATIVE_INFINITY;
  const readHolds = async () => {
    if (now() - holdsReadAt < options.pollIntervalMs) return;
    holdsReadAt = now();
    try {
      sharedHolds = await store.destinationHolds(now());
    } catch (error) {
      logger.warn('could not read destination holds', { error: (error as Error).message });
    }
  };
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

  /** Records one attempt's outcome: the breaker hears the destination, the store the row's fate. */
  const finish = (row: DeliveryRow, outcome: DeliveryOutcome, probe: boolean): Promise<void> => {
    const name = row.destination;
    const config = configs.get(name)!;
    const breaker = breakers.get(name)!;
    const labels = { destination: name };
    const logOf = {
      delivery: row.id,
      destination: name,
      idempotency_key: row.idempotencyKey,
      attempts: row.attempts + 1,
    };
    if (outcome.ok) {
      breaker.success(`delivered${outcome.status === null ? '' : ` (${outcome.status})`}`);
      metrics.inc('trackerkit_webhooks_delivered_total', labels);
      metrics.observe(
        'trackerkit_webhooks_delivery_latency_seconds',
        (now() - row.receivedAt) / 1000,
        labels,
      );
      logger.debug('delivered', { ...logOf, status: outcome.status });
      return store.markDelivered(row.id, outcome.status);
    }
    const error = cutSecrets(outcome.error, options.secrets?.get(name) ?? []);
    const verdict = classifyOutcome(outcome);
    const dead = () => {
      metrics.inc('trackerkit_webhooks_dead_lettered_total', labels);
      const integration = integrationOf(destinations.get(name)?.type ?? '');
      if (integration) metrics.inc('alertmanager_notifications_failed_total', { integration });
      logger.warn('dead-lettered', { ...logOf, status: outcome.status, error });
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
    const delay = policyBackoffMs(config.retry, row.attempts + 1, outcome.retryAfterMs, Math.random);
    if (outcome.retryAfterMs !== undefined) {
      pausedUntil.set(name, Math.max(pausedUntil.get(name) ?? 0, now() + delay));
      void share(name, pausedUntil.get(name)!);
      if (outcome.retryAfterMs > config.retry.maxDelayMs) {
        logger.warn('destination asked for a delay longer than retry.max_delay', {
          destination: name,
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
    if (row.attempts + 1 >= config.retry.maxAttempts) return dead();
    metrics.inc('trackerkit_webhooks_retried_total', labels);
    logger.info('retry scheduled', { ...logOf, status: outcome.status, error, delay_ms: delay });
    return store.markRetry(row.id, now() + delay, outcome.status, error);
  };

  /**
   * The job for an attempt: one alert as it is, or a group notification (its row's payload). What
   * a destination does not read is never made: a forward sends the stored body and reads neither
   * the parsed event nor its summary, and an HTTP destination bounds the attempt with `timeoutMs`
   * on its connection pool, so the AbortSignal of `signal` is made only for those that read it.
   */
  const jobFor = (row: DeliveryRow, timeoutMs: number): DeliveryJob => {
    let event: DeliveryJob['event'] | undefined;
    let notification: GroupNotification | null | undefined;
    let summary: DeliveryJob['summary'] | undefined;
    let signal: AbortSignal | undefined;
    const notificationOf = () => {
      notification ??= row.payload === null ? null : (JSON.parse(row.payload) as GroupNotification);
      return notification ?? undefined;
    };
    return {
      get event() {
        event ??= storedEvent(row.body);
        return event;
      },
      get notification() {
        return notificationOf();
      },
      get summary() {
        if (summary === undefined) {
          const n = notificationOf();
          summary = n ? notificationSummary(n) : formatAlert(this.event);
        }
        return summary;
      },
      idempotencyKey: row.idempotencyKey,
      body: row.body,
      attempt: row.attempts + 1,
      timeoutMs,
      stop: stopController.signal,
      get signal() {
        signal ??= AbortSignal.any([stopController.signal, AbortSignal.timeout(timeoutMs)]);
        return signal;
      },
    };
  };

  /**
   * One attempt. Resolves as soon as the destination has answered, with the outcome's record
   * still being committed: the slot is free for the next delivery while the store catches up.
   */
  const attempt = async (row: DeliveryRow): Promise<{ recorded: Promise<void> }> => {
    const name = row.destination;
    const destination = destinations.get(name);
    if (!destination) {
      metrics.inc('trackerkit_webhooks_dead_lettered_total', { destination: name });
      return { recorded: store.markDead(row.id, null, `destination ${name} is no longer configured`) };
    }
    const paused = Math.max(pausedUntil.get(name) ?? 0, sharedHolds.get(name) ?? 0);
    if (now() < paused) return { recorded: store.postpone(row.id, paused) };
    const breaker = breakers.get(name)!;
    if (!breaker.allow()) return { recorded: store.postpone(row.id, breaker.retryAt()) };
    // In half-open, `allow` lets exactly one attempt through: this one is the probe.
    const probe = breaker.state() === 'half-open';
    const config = configs.get(name)!;
    const integration = integrationOf(destination.type);
    if (integration && row.attempts === 0) metrics.inc('alertmanager_notifications_total', { integration });
    const started = now();
    let outcome: DeliveryOutcome;
    try {
      outcome = await destination.deliver(jobFor(row, config.timeoutMs));
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
    if (integration) {
      const labels = { integration };
      metrics.observe('alertmanager_notification_latency_seconds', (now() - started) / 1000, labels);
      metrics.inc('alertmanager_notification_requests_total', labels);
      if (!outcome.ok) metrics.inc('alertmanager_notification_requests_failed_total', labels);
    }
    const notRecorded = (error: unknown) => {
      // Not recorded (the store is failing or closing): the row is still pending in the store
      // and is sent again, with the same idempotency key, when next taken (at least once).
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

  /** Takes a row: one attempt, its outcome recorded in the background. */
  const take = (row: DeliveryRow) => {
    options.working?.();
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
        if (backlog) wake();
      });
    inFlight.add(p);
  };

  // One look at the store at a time: a wake during a look is answered by another look after it.
  let looking = false;
  let lookAgain = false;
  /** `poll`: the timer's look, which always reads the store (retries come due, replays from outside). */
  const tick = async (poll = false) => {
    scheduled = false;
    if (!running) return;
    if (looking) {
      lookAgain = true;
      return;
    }
    clearTimeout(timer);
    const free = options.concurrency - inFlight.size;
    if ((backlog || poll) && free > 0) {
      looking = true;
      try {
        await readHolds();
        const rows = await store.due(free, held);
        backlog = rows.length === free;
        for (const row of rows) if (running && !held.has(row.id)) take(row);
      } catch (error) {
        logger.error('outbox poll failed', { error: (error as Error).message });
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
        // An alert on a grouping route waits in the store for its group's flush.
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
    inMemory: () => ({ inFlight: inFlight.size, held: held.size, recording: recording.size }),
  };
}
