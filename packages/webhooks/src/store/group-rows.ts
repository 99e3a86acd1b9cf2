import type { AlertGroup, GroupAlert, NotifyLog } from '../alerts/group-flush.ts';
import { nullableNumber, nullableString, type Row } from './row-to-delivery.ts';

/** The group, alert and log rows as either store's driver returns them (SQLite and PostgreSQL differ in types). */
export const GROUP_COLUMNS =
  'route, group_key, next_flush, am_key, labels, receiver, destinations, flushed, wait_ms, interval_ms, repeat_ms, ungrouped, emptied_at';
export const GROUP_ALERT_COLUMNS =
  'fingerprint, tracker_id, alert_id, labels, annotations, routing, summary, generator_url, starts_at, ends_at';

const flag = (v: unknown) => v === true || Number(v) === 1;

export function toAlertGroup(row: Row): AlertGroup {
  return {
    route: String(row.route),
    key: String(row.group_key),
    amKey: String(row.am_key),
    labels: JSON.parse(String(row.labels)),
    receiver: nullableString(row.receiver),
    destinations: JSON.parse(String(row.destinations)),
    nextFlush: Number(row.next_flush),
    flushed: flag(row.flushed),
    waitMs: Number(row.wait_ms),
    intervalMs: Number(row.interval_ms),
    repeatMs: Number(row.repeat_ms),
    ungrouped: flag(row.ungrouped),
    emptiedAt: nullableNumber(row.emptied_at),
  };
}

export function toGroupAlert(row: Row): GroupAlert {
  return {
    fingerprint: String(row.fingerprint),
    trackerId: nullableString(row.tracker_id),
    alertId: Number(row.alert_id),
    labels: JSON.parse(String(row.labels)),
    annotations: JSON.parse(String(row.annotations)),
    routing: JSON.parse(String(row.routing)),
    summary: JSON.parse(String(row.summary)),
    generatorURL: String(row.generator_url),
    startsAt: Number(row.starts_at),
    endsAt: nullableNumber(row.ends_at),
  };
}

export function toNotifyLog(row: Row): NotifyLog {
  return {
    destination: String(row.destination),
    firing: JSON.parse(String(row.firing)),
    resolved: JSON.parse(String(row.resolved)),
    at: Number(row.at),
  };
}
