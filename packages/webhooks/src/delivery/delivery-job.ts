import type { GroupNotification } from '../alerts/alertmanager-payload.ts';
import { formatAlert } from '../alerts/format-alert.ts';
import type { DeliveryRow } from '../store/types.ts';
import { notificationSummary } from './format-group.ts';
import { storedEvent } from './stored-event.ts';
import type { DeliveryJob } from './types.ts';

/**
 * The job for an attempt: one alert as it is, or a group notification (its row's payload). What
 * a destination does not read is never made: a forward sends the stored body and reads neither
 * the parsed event nor its summary, and an HTTP destination bounds the attempt with `timeoutMs`
 * on its connection pool, so the AbortSignal of `signal` is made only for those that read it.
 */
export function deliveryJob(row: DeliveryRow, timeoutMs: number, stop: AbortSignal): DeliveryJob {
  let event: DeliveryJob['event'] | undefined;
  let notification: GroupNotification | null | undefined;
  let summary: DeliveryJob['summary'] | undefined;
  let signal: AbortSignal | undefined;
  const notificationOf = () => {
    notification ??= row.payload === null ? null : (JSON.parse(row.payload) as GroupNotification);
    return notification ?? undefined;
  };
  return {
    get event() {
      event ??= storedEvent(row.body);
      return event;
    },
    get notification() {
      return notificationOf();
    },
    get summary() {
      if (summary === undefined) {
        const n = notificationOf();
        summary = n ? notificationSummary(n) : formatAlert(this.event);
      }
      return summary;
    },
    idempotencyKey: row.idempotencyKey,
    body: row.body,
    attempt: row.attempts + 1,
    timeoutMs,
    stop,
    get signal() {
      signal ??= AbortSignal.any([stop, AbortSignal.timeout(timeoutMs)]);
      return signal;
    },
  };
}
