import type { AlertEvent } from '../events/types.ts';
import type { AlertSummary } from './format-alert.ts';

export interface DeliveryJob {
  event: AlertEvent;
  summary: AlertSummary;
  /** The same for every attempt of this (alert, destination). */
  idempotencyKey: string;
  /** The raw body as received, for forwards. */
  body: string;
  attempt: number;
  signal: AbortSignal;
}

/**
 * What one attempt came to. `retryAfterMs` is the destination's own request (429, Retry-After,
 * retry_after). `retryable: false` with a status means the destination refused this message (it is
 * dead-lettered, and the destination counts as up); see `classifyOutcome`. Throw only for what
 * fails with the message itself (it cannot be formatted): that dead-letters it without blaming
 * the destination.
 */
export type DeliveryOutcome =
  | { ok: true; status: number | null }
  | { ok: false; retryable: boolean; status: number | null; error: string; retryAfterMs?: number };

export interface Destination {
  name: string;
  type: string;
  /**
   * Renders from `job.summary` alone, so a group's alerts due together go as one message with a
   * combined summary (`formatGroup`). Destinations that carry each alert's own data (forwards,
   * PagerDuty, Alertmanager, files) leave it unset and get each alert of a group on its own.
   */
  groups?: boolean;
  deliver(job: DeliveryJob): Promise<DeliveryOutcome>;
  close?(): Promise<void> | void;
}
