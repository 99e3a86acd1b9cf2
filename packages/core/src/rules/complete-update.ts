import type { Tracker } from '../types.ts';
import { mergeNotificationConfig } from './notification.ts';

/**
 * A tracker PATCH body made safe whatever the service's merge rule for nested objects (not shown
 * in the spec): each object the change touches (agent_config, notification_config) is sent
 * complete, the stored one with the sent fields over it, so no field the caller left out is lost.
 * Top-level fields pass as they are.
 */
export function completeTrackerUpdate(
  stored: Pick<Tracker, 'agent_config' | 'notification_config'>,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const complete = { ...body };
  if (body.agent_config !== undefined) {
    complete.agent_config = { ...stored.agent_config, ...(body.agent_config as object) };
  }
  if (body.notification_config !== undefined) {
    complete.notification_config = mergeNotificationConfig(
      stored.notification_config,
      body.notification_config as Parameters<typeof mergeNotificationConfig>[1],
    );
  }
  return complete;
}

/** Whether `completeTrackerUpdate` needs the stored tracker for this body (a nested object is changed). */
export const updateNeedsStored = (body: Record<string, unknown>): boolean =>
  body.agent_config !== undefined || body.notification_config !== undefined;
