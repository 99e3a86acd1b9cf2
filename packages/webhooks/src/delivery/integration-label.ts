import { DESTINATION_TYPES } from './destinations/index.ts';

// A type's Alertmanager integration: its key's name (`msteams_configs` → `msteams`), else its own.
const INTEGRATIONS = new Map<string, string>(
  DESTINATION_TYPES.map((d) => [d.type, d.integration?.replace(/_configs$/, '') ?? d.type]),
);

/**
 * Alertmanager's `integration` label for a destination of this type (`webhook`, `slack`,
 * `msteams`, ..., or one of this package's own types by name); undefined for code handlers,
 * which are no integration.
 */
export function integrationOf(type: string): string | undefined {
  return INTEGRATIONS.get(type);
}

/** Alertmanager's notification series, each declared at zero for every integration configured. */
export const ALERTMANAGER_SERIES = [
  'alertmanager_notifications_total',
  'alertmanager_notifications_failed_total',
  'alertmanager_notification_requests_total',
  'alertmanager_notification_requests_failed_total',
  'alertmanager_notification_latency_seconds',
] as const;
