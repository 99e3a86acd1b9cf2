// When a request may be sent again, and after how long. A POST may start a run or store data twice,
// so it is resent only when the service certainly did not act on it: a 408 or 429 (RFC 9110: the
// server did not process it), or a connection refused before anything was sent. A POST that carries
// an idempotency key (a webhook delivery) is as safe to resend as a PUT, and its 409 means the same
// key is still in flight.
import { backoffMs } from './backoff.ts';
import { parseRetryAfter } from './retry-after.ts';

/** PATCH counts as idempotent: this service's PATCH sets fields to the values sent. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH']);

export type Outcome =
  | { kind: 'status'; status: number; retryAfter?: string | null | undefined }
  | { kind: 'refused' }
  | { kind: 'network' }
  | { kind: 'timeout' };

export function mayResend(
  method: string,
  outcome: Outcome,
  options: { idempotencyKey?: boolean } = {},
): boolean {
  if (outcome.kind === 'refused') return true;
  const idempotent = options.idempotencyKey === true || IDEMPOTENT.has(method.toUpperCase());
  if (outcome.kind === 'status') {
    if (outcome.status === 408 || outcome.status === 429) return true;
    // With an idempotency key, 409 is "the same key is still being processed": try again later.
    if (outcome.status === 409 && options.idempotencyKey === true) return true;
    return outcome.status >= 500 && idempotent;
  }
  return idempotent;
}

export interface RetryPolicy {
  /** Resends after the first attempt. */
  retries: number;
  baseMs: number;
  capMs: number;
}

export const RETRY_DEFAULTS: RetryPolicy = { retries: 3, baseMs: 500, capMs: 30_000 };

export type RetryDecision = { retry: false } | { retry: true; waitMs: number };

/** After attempt number `attempt` (0-based) ended in `outcome`: stop, or wait and resend. */
export function retryDecision(
  method: string,
  outcome: Outcome,
  attempt: number,
  policy: RetryPolicy,
  nowMs: number,
  random: () => number,
): RetryDecision {
  if (attempt >= policy.retries || !mayResend(method, outcome)) return { retry: false };
  const asked = outcome.kind === 'status' ? parseRetryAfter(outcome.retryAfter, nowMs) : undefined;
  return { retry: true, waitMs: asked ?? backoffMs(attempt, policy.baseMs, policy.capMs, random) };
}
