import type { RouteMatch } from '../router/types.ts';

export interface IngestItem {
  source: string;
  webhookId: string;
  eventType: string;
  known: boolean;
  body: string;
  matches: RouteMatch[];
  /** `tracker_id:bound` for repeat intervals; null when the event has none. */
  repeatScope: string | null;
  /** A resolved event clears the repeat state of its tracker, so the next alert is sent at once. */
  resolves: string | null;
}

export interface IngestResult {
  duplicate: boolean;
  alertId: number | null;
  deliveries: number;
}

export type DeliveryState = 'pending' | 'delivered' | 'dead' | 'muted' | 'suppressed';

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
  source: string;
  webhookId: string;
  eventType: string;
  body: string;
  receivedAt: number;
}
