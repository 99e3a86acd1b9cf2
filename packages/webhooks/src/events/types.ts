import {
  type AlertData,
  isAlertEventType,
  type TrackerAlertEvent,
  type TrackerAlertResolvedEvent,
} from '@trackerkit/core';

export type { AlertData, TrackerAlertEvent, TrackerAlertResolvedEvent };

/** An event type the document does not define: kept whole, routed only to the catch-all route. */
export interface UnknownEvent {
  type: string;
  timestamp?: unknown;
  data?: unknown;
  [key: string]: unknown;
}

export type KnownEvent = TrackerAlertEvent | TrackerAlertResolvedEvent;
export type AlertEvent = KnownEvent | UnknownEvent;
export type EventName = KnownEvent['type'];

/** The event's `data` as a record to read fields from; `{}` when the sender sent none. */
export function eventData(event: AlertEvent): Record<string, unknown> {
  return (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
}

export function isKnownEvent(event: AlertEvent): event is KnownEvent {
  return isAlertEventType(event.type);
}
