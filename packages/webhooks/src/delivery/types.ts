import type { GroupNotification } from '../alerts/alertmanager-payload.ts';
import type { AlertSummary } from '../alerts/format-alert.ts';
import type { AlertEvent } from '../events/types.ts';

export interface DeliveryJob {
  event: AlertEvent;
  summary: AlertSummary;
  /**
   * Set when this is a group notification (destinations with `groups`): the group's alerts as
   * Alertmanager lists them; `event` is then the latest event among them, `summary` theirs.
   */
  notification?: GroupNotification;
  /** The same for every attempt of this (alert, destination). */
  idempotencyKey: string;
  /** The raw body as received, for forwards. */
  body: string;
  attempt: number;
  /**
   * Aborted when the attempt's time is up or the receiver stops. For destinations of one's own
   * (code handlers): the outbox makes it only when it is read, HTTP destinations use `timeoutMs`
   * and `stop` instead.
   */
  signal: AbortSignal;
  /** The destination's timeout (ms), set by the outbox: HTTP destinations set it on their connection pool. */
  timeoutMs?: number;
  /** Aborted when the receiver stops and its shutdown grace has passed; one signal for every attempt. */
  stop?: AbortSignal;
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
   * Takes Alertmanager's group notifications (`job.notification`, one message per flush of a
   * group, listing its alerts) instead of each event: chat destinations, which render
   * `job.summary`, and the Alertmanager webhook. Destinations that carry each event's own data
   * (forwards, PagerDuty, Alertmanager's API, files, code handlers) leave it unset.
   */
  groups?: boolean;
  /** With `groups`: whether resolved alerts are sent (Alertmanager's `send_resolved`); default true. */
  sendResolved?: boolean;
  deliver(job: DeliveryJob): Promise<DeliveryOutcome>;
  close?(): Promise<void> | void;
}
