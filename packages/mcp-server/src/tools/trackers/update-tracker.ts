import {
  mergeNotificationConfig,
  type Problem,
  type Tracker,
  type TrackerUpdate,
  trackerUpdateProblems,
} from '@trackerkit/core';
import { z } from 'zod';
import { trackerId } from '../../schemas.ts';
import { defineTool, OVERWRITES } from '../../tool-definition.ts';
import {
  agentUpdateFields,
  asArguments,
  optionalFields,
  trackerBody,
  trackerUpdateFields,
} from './tracker-fields.ts';
import { trackerOutput, trackerResult } from './tracker-output.ts';

/** The core's check is partial: a change that relies on the stored tracker (notify_below with its stored lower_threshold) is the service's to judge. */
function updateProblems(body: Record<string, unknown>): Problem[] {
  return asArguments(trackerUpdateProblems(body)).map((p) =>
    // An empty body: the arguments held only tracker_id.
    p.path.length === 0
      ? { ...p, field: '(arguments)', message: 'give at least one field to change besides tracker_id' }
      : p,
  );
}

/**
 * The body sent: each object the call changes (agent_config, notification_config) complete, the
 * stored one with the given fields over it. Whether the service's PATCH merges or replaces nested
 * objects, no alert setting or agent field the caller left out is lost.
 */
export function completeUpdate(stored: Tracker, body: Record<string, unknown>): Record<string, unknown> {
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

export const updateTracker = defineTool({
  name: 'update_tracker',
  title: 'Update a tracker',
  description:
    "Change some of a tracker's settings (get_tracker shows them). Fields left out stay, inside notification_config too: the tracker is read and objects sent complete. schedule null clears it. Next: run_tracker.",
  toolset: 'trackers',
  operationId: 'updateTracker',
  input: z.strictObject({
    tracker_id: trackerId,
    ...optionalFields(trackerUpdateFields),
    ...optionalFields(agentUpdateFields),
  }),
  output: trackerOutput,
  annotations: OVERWRITES,
  check: (args) => updateProblems(trackerBody(args, 'tracker_id')),
  async handler(args, { client }) {
    const body = trackerBody(args, 'tracker_id');
    const needsStored = body.agent_config !== undefined || body.notification_config !== undefined;
    const complete = needsStored ? completeUpdate(await client.trackers.get(args.tracker_id), body) : body;
    return trackerResult('Updated', await client.trackers.update(args.tracker_id, complete as TrackerUpdate));
  },
});
