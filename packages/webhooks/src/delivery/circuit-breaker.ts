export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerTransition {
  from: BreakerState;
  to: BreakerState;
  reason: string;
}

export interface CircuitBreaker {
  /** True if a request may go now; false while open (or while the half-open probe is out). */
  allow(): boolean;
  /** When the next request may go, while open. */
  retryAt(): number;
  /** The destination answered (a 2xx, or a 4xx refusing one message): it is up, the circuit closes. */
  success(reason: string): void;
  /** A transport failure, timeout, 5xx or 408/409: counts toward opening; a failed probe reopens. */
  failure(reason: string): void;
  /**
   * The destination asked to wait until `untilMs` (429, Retry-After): a probe that got this
   * reopens the circuit until then and probes again; a closed circuit is left as it is (the
   * outbox pauses the destination instead). Never counts as a failure.
   */
  wait(untilMs: number, reason: string): void;
  /** The probe ended without reaching the destination (its message could not be sent): another may go. */
  release(): void;
  state(): BreakerState;
}

/**
 * Per destination: after `failureThreshold` consecutive failures, stop sending for
 * `cooldownMs`; then let one probe through; its result closes or reopens the circuit.
 * Rows waiting on an open circuit are postponed without spending attempts. A probe whose
 * result never comes back is given up after `probeTimeoutMs`, so no lost outcome can keep
 * the circuit half-open for good.
 */
export function createCircuitBreaker(options: {
  failureThreshold: number;
  cooldownMs: number;
  probeTimeoutMs?: number;
  now?: () => number;
  onTransition?: (transition: BreakerTransition) => void;
}): CircuitBreaker {
  const now = options.now ?? Date.now;
  const probeTimeoutMs = options.probeTimeoutMs ?? options.cooldownMs + 60_000;
  let failures = 0;
  let openUntil = 0;
  let state: BreakerState = 'closed';
  /** When the probe out is given up; 0 while none is out. */
  let probeDeadline = 0;
  const move = (to: BreakerState, reason: string) => {
    if (state === to) return;
    const from = state;
    state = to;
    options.onTransition?.({ from, to, reason });
  };
  const open = (until: number, reason: string) => {
    openUntil = until;
    probeDeadline = 0;
    move('open', reason);
  };
  return {
    allow() {
      const t = now();
      if (state === 'closed') return true;
      if (state === 'open') {
        if (t < openUntil) return false;
        move('half-open', 'cooldown over: one probe may go');
      }
      if (probeDeadline !== 0 && t < probeDeadline) return false;
      probeDeadline = t + probeTimeoutMs;
      return true;
    },
    retryAt: () => (state === 'closed' ? now() : Math.max(openUntil, now() + 100)),
    success(reason) {
      failures = 0;
      probeDeadline = 0;
      move('closed', reason);
    },
    failure(reason) {
      failures += 1;
      if (state === 'half-open') open(now() + options.cooldownMs, `probe failed: ${reason}`);
      else if (state === 'closed' && failures >= options.failureThreshold) {
        open(now() + options.cooldownMs, `${failures} consecutive failures, the last: ${reason}`);
      }
    },
    wait(untilMs, reason) {
      if (state === 'half-open') open(untilMs, `probe asked to wait: ${reason}`);
      else if (state === 'open') openUntil = Math.max(openUntil, untilMs);
    },
    release() {
      if (state === 'half-open') probeDeadline = 0;
    },
    state: () => state,
  };
}
