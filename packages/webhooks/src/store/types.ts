import type { AlertIdentity } from '../alerts/alert-identity.ts';
import type { AlertSummary } from '../alerts/format-alert.ts';
import type { AlertmanagerAlertEvent } from '../events/alertmanager-alert.ts';
import type { RouteMatch } from '../router/types.ts';

/**
 * What an ingest does to Alertmanager's aggregation groups: the alert the event starts or updates
 * (joins its routes' groups), or the tracker whose alerts a resolve ends, and which destinations
 * take group notifications (chat and webhook ones: they get no row per event).
 */
export interface IngestGrouping {
  /**
   * When the alert arrived (epoch ms): a new group's wait counts from it, as Alertmanager's from
   * the moment it takes the alert, not from the commit that follows.
   */
  at: number;
  /**
   * The alert's identity, read only by a route that groups or when a destination takes groups:
   * it may be a getter that works it out then (most alerts never need it).
   */
  alert: AlertIdentity | null;
  /** `alert?.trackerId`, known without the identity (`firedTrackerId`). */
  trackerId: string | null;
  resolve: { trackerId: string; at: number; summary: AlertSummary } | null;
  destinations: readonly string[];
}

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
  /** Absent: every destination gets the event itself (no aggregation groups). */
  grouping?: IngestGrouping;
  /**
   * An alert posted in Alertmanager's shape (`/api/v2/alerts`), kept per `scope` (its labels) as
   * Alertmanager's alert store keeps it: each post is merged with the alert kept
   * (`mergePostedAlert`) and updates it and its groups, even when the merged alert is already stored
   * under its key (`<fingerprint>:<startsAt>:<status>`; the item's `webhookId` and `body` give
   * way to it). Only the first post of each start and status is stored and sent to the
   * destinations that take each event; a resolve of an alert not kept here goes to none of them.
   * `repeatScope` and `resolves` are null: the merged alert decides.
   */
  posted?: { scope: string; event: AlertmanagerAlertEvent };
  /**
   * The silences version `matches` were judged with (held states). When given, the alert is
   * stored only if it is still the store's version; else nothing is written and the result is
   * `stale`: judge again with the silences as they are now.
   */
  silencesVersion?: number;
}

export interface IngestResult {
  duplicate: boolean;
  /** A posted alert stored before under its key (a re-send): its state and groups were updated, nothing stored anew. */
  updated?: true;
  /** Nothing stored: the silences changed since `silencesVersion` (see IngestItem). */
  stale?: true;
  alertId: number | null;
  deliveries: number;
  /** The outbox rows this alert made pending, as committed: the outbox takes them from here. */
  pending: DeliveryRow[];
  /** The earliest next flush of the groups the alert joined or changed, when there is one. */
  flushAt?: number;
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
  /** A group notification (JSON `GroupNotification`) this row sends; null: it sends its alert. */
  payload: string | null;
  source: string;
  webhookId: string;
  eventType: string;
  body: string;
  receivedAt: number;
}
