import { policyBackoffMs, RETRY_AFTER_CEILING_MS } from '@trackerkit/core';
import { cutSecrets } from '../config-common/cut-secrets.ts';
import type { Store } from '../store/store.ts';
import type { DeliveryRow } from '../store/types.ts';
import type { CircuitBreaker } from './circuit-breaker.ts';
import { classifyOutcome } from './classify-outcome.ts';
import type { DestinationHolds } from './destination-holds.ts';
import type { DestinationConfig } from './destinations/index.ts';
import { integrationOf } from './integration-label.ts';
import type { OutboxLog, OutboxMetrics } from './outbox-ports.ts';
import type { DeliveryOutcome } from './types.ts';

/** What recording an outcome needs: the destination's own parts and the outbox's shared ones. */
export interface OutcomeContext {
  store: Pick<Store, 'markDelivered' | 'markDead' | 'markRetry'>;
  config: Pick<DestinationConfig, 'retry'>;
  breaker: CircuitBreaker;
  /** The destination's type (an Alertmanager integration's failures are counted as such). */
  type: string;
  /** Its secret values, cut out of error text before it is stored or logged. */
  secrets: readonly string[];
  holds: DestinationHolds;
  metrics: OutboxMetrics;
  logger: OutboxLog;
  now: () => number;
}

/** Records one attempt's outcome: the breaker hears the destination, the store the row's fate. */
export function recordOutcome(
  ctx: OutcomeContext,
  row: DeliveryRow,
  outcome: DeliveryOutcome,
  probe: boolean,
): Promise<void> {
  const { breaker, metrics, logger, store, now } = ctx;
  const labels = { destination: row.destination };
  const logOf = {
    delivery: row.id,
    destination: row.destination,
    idempotency_key: row.idempotencyKey,
    attempts: row.attempts + 1,
  };
  if (outcome.ok) {
    breaker.success(`delivered${outcome.status === null ? '' : ` (${outcome.status})`}`);
    metrics.inc('trackerkit_webhooks_delivered_total', labels);
    metrics.observe('trackerkit_webhooks_delivery_latency_seconds', (now() - row.receivedAt) / 1000, labels);
    logger.debug('delivered', { ...logOf, status: outcome.status });
    return store.markDelivered(row.id, outcome.status);
  }
  const error = cutSecrets(outcome.error, ctx.secrets);
  const verdict = classifyOutcome(outcome);
  const dead = () => {
    metrics.inc('trackerkit_webhooks_dead_lettered_total', labels);
    const integration = integrationOf(ctx.type);
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
  const delay = retryDelay(ctx, row, outcome);
  const reason = error.slice(0, 120);
  if (verdict === 'wait') breaker.wait(now() + delay, `${reason}; probing again in ${delay} ms`);
  else breaker.failure(reason);
  if (row.attempts + 1 >= ctx.config.retry.maxAttempts) return dead();
  metrics.inc('trackerkit_webhooks_retried_total', labels);
  logger.info('retry scheduled', { ...logOf, status: outcome.status, error, delay_ms: delay });
  return store.markRetry(row.id, now() + delay, outcome.status, error);
}

/**
 * The wait before the next attempt, by the retry policy and any Retry-After; a destination that
 * asked for a wait is paused as a whole until then.
 */
function retryDelay(
  ctx: OutcomeContext,
  row: DeliveryRow,
  outcome: Extract<DeliveryOutcome, { ok: false }>,
): number {
  const { retry } = ctx.config;
  const delay = policyBackoffMs(retry, row.attempts + 1, outcome.retryAfterMs, Math.random);
  if (outcome.retryAfterMs === undefined) return delay;
  ctx.holds.pause(row.destination, ctx.now() + delay);
  if (outcome.retryAfterMs > retry.maxDelayMs) {
    ctx.logger.warn('destination asked for a delay longer than retry.max_delay', {
      destination: row.destination,
      retry_after_ms: outcome.retryAfterMs,
      max_delay_ms: retry.maxDelayMs,
      honoured_ms: delay,
      ceiling_ms: RETRY_AFTER_CEILING_MS,
    });
  }
  return delay;
}
