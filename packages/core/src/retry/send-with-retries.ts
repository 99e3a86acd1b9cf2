// The retry loop with its I/O handed in: the client hands in fetch, the n8n node its httpRequest
// helper; both hand in their own sleep, so the same decisions run in both.
import { type Outcome, type RetryPolicy, retryDecision } from './retry-decision.ts';

export interface Attempted<T> {
  /** Set when the attempt succeeded. */
  value?: T;
  /** Set when it did not: what happened, and the error to throw if no retry follows. */
  outcome?: Outcome;
  error?: unknown;
}

export interface RetryIo {
  sleep(ms: number): Promise<void>;
  now(): number;
  random(): number;
}

export async function sendWithRetries<T>(
  method: string,
  attempt: (n: number) => Promise<Attempted<T>>,
  policy: RetryPolicy,
  io: RetryIo,
): Promise<T> {
  for (let n = 0; ; n++) {
    const result = await attempt(n);
    if (result.outcome === undefined) return result.value as T;
    const decision = retryDecision(method, result.outcome, n, policy, io.now(), io.random);
    if (!decision.retry) throw result.error;
    await io.sleep(decision.waitMs);
  }
}
