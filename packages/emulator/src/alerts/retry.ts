import { setTimeout as sleep } from 'node:timers/promises';
import { WEBHOOK_DELIVERY } from '@trackerkit/client';

export interface AttemptOutcome {
  ok: boolean;
  /** Stop retrying (the receiver rejected the alert for good, e.g. 401 or 410). */
  final?: boolean;
  error?: string;
}

export interface RetryResult {
  ok: boolean;
  attempts: number;
  error: string | null;
}

/** Runs `attempt` up to WEBHOOK_DELIVERY.attempts times, waiting the backoff between tries. */
export async function withRetries(
  attempt: (n: number) => Promise<AttemptOutcome>,
  backoffSeconds: readonly number[],
  signal?: AbortSignal,
): Promise<RetryResult> {
  let error: string | null = null;
  for (let n = 1; n <= WEBHOOK_DELIVERY.attempts; n++) {
    const outcome = await attempt(n).catch(
      (e: unknown) => ({ ok: false, error: (e as Error).message }) as AttemptOutcome,
    );
    if (outcome.ok) return { ok: true, attempts: n, error: null };
    error = outcome.error ?? 'failed';
    if (outcome.final || n === WEBHOOK_DELIVERY.attempts) return { ok: false, attempts: n, error };
    const wait = backoffSeconds[n - 1] ?? backoffSeconds.at(-1) ?? 0;
    try {
      await sleep(wait * 1000, undefined, { signal });
    } catch {
      return { ok: false, attempts: n, error: `${error} (delivery stopped: emulator closing)` };
    }
  }
  return { ok: false, attempts: WEBHOOK_DELIVERY.attempts, error };
}
