import { type BreakerState, type CircuitBreaker, createCircuitBreaker } from './circuit-breaker.ts';
import type { DestinationHolds } from './destination-holds.ts';
import type { DestinationConfig } from './destinations/index.ts';
import type { OutboxLog, OutboxMetrics } from './outbox-ports.ts';

const BREAKER_GAUGE: Record<BreakerState, number> = { closed: 0, 'half-open': 1, open: 2 };

/**
 * One circuit breaker per destination, its state a gauge and its transitions a counter and a log
 * line; an open circuit is shared through the store's holds so that other replicas wait too.
 */
export function createBreakers(options: {
  configs: ReadonlyArray<Pick<DestinationConfig, 'name' | 'timeoutMs'>>;
  breaker: { failureThreshold: number; cooldownMs: number };
  holds: DestinationHolds;
  metrics: OutboxMetrics;
  logger: OutboxLog;
  now: () => number;
}): Map<string, CircuitBreaker> {
  const { metrics, logger, holds } = options;
  return new Map(
    options.configs.map((c) => {
      const destination = c.name;
      metrics.set('trackerkit_webhooks_breaker_state', BREAKER_GAUGE.closed, { destination });
      const breaker = createCircuitBreaker({
        ...options.breaker,
        // A probe's outcome always comes back within its timeouts (an HTTP attempt's connect,
        // answer and body are bounded by it each); past that (plus a margin) it was lost.
        probeTimeoutMs: 3 * c.timeoutMs + 30_000,
        now: options.now,
        onTransition: ({ from, to, reason }) => {
          metrics.set('trackerkit_webhooks_breaker_state', BREAKER_GAUGE[to], { destination });
          metrics.inc('trackerkit_webhooks_breaker_transitions_total', { destination, from, to });
          const fields = { destination, from, to, reason };
          if (to === 'open') logger.warn('circuit breaker opened', fields);
          else logger.info(`circuit breaker ${to === 'closed' ? 'closed' : 'half-open'}`, fields);
          if (to === 'open') holds.share(destination, breaker.retryAt());
          else if (to === 'closed') holds.unshare(destination);
        },
      });
      return [destination, breaker] as const;
    }),
  );
}
