import { setTimeout as sleep } from 'node:timers/promises';
import { deliveryRetryDecision, WEBHOOK_DELIVERY } from '@trackerkit/core';

export interface AttemptOutcome {
  ok: boolean;
  /** Stop retrying (the receiver rejected the alert for good, e.g. 401 or 410). */
  final?: boolean;
  error?: string;
  /** The receiver's `Retry-After`, in seconds, when it sent one. */
  retryAfterSeconds?: number;
}

export interface RetryResult {
  ok: boolean;
  attempts: number;
  error: string | null;
}

export interface RetryPolicy {
  backoffSeconds: readonly number[];
  /** Longest `Retry-After` honoured; a receiver asking for more is not retried. */
  retryAfterMaxSeconds: number;
}

/**
 * Runs `attempt` until it succeeds or the core's delivery rule (`deliveryRetryDecision`: the
 * document's attempts and backoff, the receiver's `Retry-After` when longer, within its limit)
 * says stop: the attempt count never grows, so a receiver that keeps answering 429 still ends the
 * delivery after the document's attempts.
 */
export async function withRetries(
  attempt: (n: number) => Promise<AttemptOutcome>,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<RetryResult> {
  const schedule = {
    attempts: WEBHOOK_DELIVERY.attempts,
    backoff_seconds: policy.backoffSeconds,
    retry_after_max_seconds: policy.retryAfterMaxSeconds,
  };
  for (let n = 1; ; n++) {
    const outcome = await attempt(n).catch(
      (e: unknown) => ({ ok: false, error: (e as Error).message }) as AttemptOutcome,
    );
    if (outcome.ok) return { ok: true, attempts: n, error: null };
    const error = outcome.error ?? 'failed';
    const requested = outcome.retryAfterSeconds;
    const decision = deliveryRetryDecision(
      n,
      { final: outcome.final, retryAfterMs: requested === undefined ? undefined : requested * 1000 },
      schedule,
    );
    if (!decision.retry) {
      if (!decision.retryAfterTooLong) return { ok: false, attempts: n, error };
      const why = `Retry-After ${requested}s exceeds the emulator's limit of ${policy.retryAfterMaxSeconds}s; not retried`;
      return { ok: false, attempts: n, error: `${error} (${why})` };
    }
    try {
      await sleep(decision.waitMs, undefined, { signal });
    } catch {
      return { ok: false, attempts: n, error: `${error} (delivery stopped: emulator closing)` };
    }
  }
}
