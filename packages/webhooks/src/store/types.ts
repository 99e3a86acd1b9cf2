import type { RouteMatch } from '../router/types.ts';

export interface IngestItem {
  source: string;
  webhookId: string;
  eventType: string;
  known: boolean;
  body: string;
  matches: RouteMatch[];
  /** A `tracker.alert`'s tracker_id: the tracker fires through each matched route from now on. Else null. */
  repeatScope: string | null;
  /** A `tracker.alert.resolved`'s tracker_id: the tracker stops firing (no more repeats). Else null. */
  resolves: string | null;
}

export interface IngestResult {
  duplicate: boolean;
  alertId: number | null;
  deliveries: number;
  /** The outbox rows this alert made pending, as committed: the outbox takes them from here. */
  pending: DeliveryRow[];
}

export type DeliveryState =
  | 'pending'
  | 'delivered'
  | 'dead'
  | 'muted'
  | 'suppressed'
  /** An active silence matched the alert: stored, not sent. */
  | 'silenced'
  /** An inhibit rule's source alert was firing: stored, not sent. */
  | 'inhibited';

export interface DeliveryRow {
  id: number;
  alertId: number;
  destination: string;
  route: string;
  idempotencyKey: string;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
  deliveredAt: number | null;
  /** The group this row is notified with (route path and group_by values); null when the route does not group. */
  groupKey: string | null;
  source: string;
  webhookId: string;
  eventType: string;
  body: string;
  receivedAt: number;
}
