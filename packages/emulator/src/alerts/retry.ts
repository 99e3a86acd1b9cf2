import { setTimeout as sleep } from 'node:timers/promises';
import { WEBHOOK_DELIVERY } from '@trackerkit/core';

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
 * Runs `attempt` up to WEBHOOK_DELIVERY.attempts times. Between tries it waits the backoff, or the
 * receiver's `Retry-After` when that is longer: the attempt count never grows, so a receiver that
 * keeps answering 429 still ends the delivery after the document's attempts.
 */
export async function withRetries(
  attempt: (n: number) => Promise<AttemptOutcome>,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<RetryResult> {
  const { backoffSeconds, retryAfterMaxSeconds } = policy;
  let error: string | null = null;
  for (let n = 1; n <= WEBHOOK_DELIVERY.attempts; n++) {
    const outcome = await attempt(n).catch(
      (e: unknown) => ({ ok: false, error: (e as Error).message }) as AttemptOutcome,
    );
    if (outcome.ok) return { ok: true, attempts: n, error: null };
    error = outcome.error ?? 'failed';
    if (outcome.final || n === WEBHOOK_DELIVERY.attempts) return { ok: false, attempts: n, error };
    const requested = outcome.retryAfterSeconds ?? 0;
    if (requested > retryAfterMaxSeconds) {
      const why = `Retry-After ${requested}s exceeds the emulator's limit of ${retryAfterMaxSeconds}s; not retried`;
      return { ok: false, attempts: n, error: `${error} (${why})` };
    }
    const wait = Math.max(backoffSeconds[n - 1] ?? backoffSeconds.at(-1) ?? 0, requested);
    try {
      await sleep(wait * 1000, undefined, { signal });
    } catch {
      return { ok: false, attempts: n, error: `${error} (delivery stopped: emulator closing)` };
    }
  }
  return { ok: false, attempts: WEBHOOK_DELIVERY.attempts, error };
}
