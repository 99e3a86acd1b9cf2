/**
 * The paths that watch the receiver: the Prometheus scrape, its own probes and Alertmanager's.
 * Serving them is not the receiver's work (an idle receiver they poll is not sampled for event
 * loop delay, `EventLoopDelay.working`), so the routes and that rule read the same names.
 */
export const OBSERVER_PATHS = {
  metrics: '/metrics',
  healthz: '/healthz',
  readyz: '/readyz',
  healthy: '/-/healthy',
  ready: '/-/ready',
} as const;
