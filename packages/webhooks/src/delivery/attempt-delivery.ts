import type { Store } from '../store/store.ts';
import type { DeliveryRow } from '../store/types.ts';
import type { CircuitBreaker } from './circuit-breaker.ts';
import { deliveryJob } from './delivery-job.ts';
import type { DestinationHolds } from './destination-holds.ts';
import type { DestinationConfig } from './destinations/index.ts';
import { integrationOf } from './integration-label.ts';
import type { OutboxLog, OutboxMetrics } from './outbox-ports.ts';
import { recordOutcome } from './record-outcome.ts';
import type { DeliveryOutcome, Destination } from './types.ts';

/** The outbox's parts an attempt works with, each keyed by destination name. */
export interface AttemptParts {
  store: Store;
  destinations: ReadonlyMap<string, Destination>;
  configs: ReadonlyMap<string, Pick<DestinationConfig, 'name' | 'timeoutMs' | 'retry'>>;
  breakers: ReadonlyMap<string, CircuitBreaker>;
  secrets: ReadonlyMap<string, string[]> | undefined;
  holds: DestinationHolds;
  metrics: OutboxMetrics;
  logger: OutboxLog;
  now: () => number;
  /** Aborted when the outbox stops and its grace has run out. */
  stop: AbortSignal;
}

/**
 * One attempt. Resolves as soon as the destination has answered, with the outcome's record
 * still being committed: the slot is free for the next delivery while the store catches up.
 */
export async function attemptDelivery(
  parts: AttemptParts,
  row: DeliveryRow,
): Promise<{ recorded: Promise<void> }> {
  const { store, metrics, logger, now } = parts;
  const name = row.destination;
  const destination = parts.destinations.get(name);
  if (!destination) {
    metrics.inc('trackerkit_webhooks_dead_lettered_total', { destination: name });
    return { recorded: store.markDead(row.id, null, `destination ${name} is no longer configured`) };
  }
  const paused = parts.holds.until(name);
  if (now() < paused) return { recorded: store.postpone(row.id, paused) };
  const breaker = parts.breakers.get(name)!;
  if (!breaker.allow()) return { recorded: store.postpone(row.id, breaker.retryAt()) };
  // In half-open, `allow` lets exactly one attempt through: this one is the probe.
  const probe = breaker.state() === 'half-open';
  const config = parts.configs.get(name)!;
  const integration = integrationOf(destination.type);
  if (integration && row.attempts === 0) metrics.inc('alertmanager_notifications_total', { integration });
  const started = now();
  const outcome = await deliver(destination, deliveryJob(row, config.timeoutMs, parts.stop));
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
    logger.error('could not record delivery outcome', { delivery: row.id, error: (error as Error).message });
  };
  const context = {
    ...parts,
    config,
    breaker,
    type: destination.type,
    secrets: parts.secrets?.get(name) ?? [],
  };
  try {
    return { recorded: recordOutcome(context, row, outcome, probe).catch(notRecorded) };
  } catch (error) {
    notRecorded(error);
    return { recorded: Promise.resolve() };
  }
}

async function deliver(destination: Destination, job: Parameters<Destination['deliver']>[0]) {
  try {
    return await destination.deliver(job);
  } catch (error) {
    // Destinations report I/O failures as outcomes; what throws is preparing this message
    // (formatting an alert nested thousands of levels deep overflows the stack): it fails the
    // same way on every attempt, so it is dead-lettered without blaming the destination.
    const err = error as Error;
    const outcome: DeliveryOutcome = {
      ok: false,
      retryable: false,
      status: null,
      error: `the message could not be formatted or sent: ${err.name}: ${err.message}`,
    };
    return outcome;
  }
}
