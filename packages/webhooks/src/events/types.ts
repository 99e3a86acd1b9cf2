import type { AlertData, TrackerAlertEvent, TrackerAlertResolvedEvent } from '@trackerkit/client';

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

export function isKnownEvent(event: AlertEvent): event is KnownEvent {
  return event.type === 'tracker.alert' || event.type === 'tracker.alert.resolved';
}
