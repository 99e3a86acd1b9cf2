export interface CircuitBreaker {
  /** True if a request may go now; false while open (or while the half-open probe is out). */
  allow(): boolean;
  /** When the next request may go, while open. */
  retryAt(): number;
  success(): void;
  failure(): void;
  state(): 'closed' | 'open' | 'half-open';
}

/**
 * Per destination: after `failureThreshold` consecutive failures, stop sending for
 * `cooldownMs`; then let one probe through; its result closes or reopens the circuit.
 * Rows waiting on an open circuit are postponed without spending attempts.
 */
export function createCircuitBreaker(options: {
  failureThreshold: number;
  cooldownMs: number;
  now?: () => number;
}): CircuitBreaker {
  const now = options.now ?? Date.now;
  let failures = 0;
  let openUntil = 0;
  let state: 'closed' | 'open' | 'half-open' = 'closed';
  let probeOut = false;
  const open = () => {
    state = 'open';
    openUntil = now() + options.cooldownMs;
    probeOut = false;
  };
  return {
    allow() {
      if (state === 'closed') return true;
      if (state === 'open' && now() < openUntil) return false;
      if (state === 'open') state = 'half-open';
      if (probeOut) return false;
      probeOut = true;
      return true;
    },
    retryAt: () => (state === 'closed' ? now() : Math.max(openUntil, now() + 100)),
    success() {
      failures = 0;
      state = 'closed';
      probeOut = false;
    },
    failure() {
      failures += 1;
      if (state === 'half-open' || failures >= options.failureThreshold) open();
    },
    state: () => state,
  };
}
