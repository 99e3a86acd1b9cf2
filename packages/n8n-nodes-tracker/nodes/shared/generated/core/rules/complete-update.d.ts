// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import type { Tracker } from '../types';
/**
 * A tracker PATCH body made safe whatever the service's merge rule for nested objects (not shown
 * in the spec): each object the change touches (agent_config, notification_config) is sent
 * complete, the stored one with the sent fields over it, so no field the caller left out is lost.
 * Top-level fields pass as they are.
 */
export declare function completeTrackerUpdate(stored: Pick<Tracker, 'agent_config' | 'notification_config'>, body: Record<string, unknown>): Record<string, unknown>;
/** Whether `completeTrackerUpdate` needs the stored tracker for this body (a nested object is changed). */
export declare const updateNeedsStored: (body: Record<string, unknown>) => boolean;
