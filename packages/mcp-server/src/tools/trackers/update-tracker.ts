import { type Problem, type TrackerUpdate, trackerUpdateProblems } from '@trackerkit/core';
import { z } from 'zod';
import { defineTool, OVERWRITES } from '../../tool-api/tool-definition.ts';
import { trackerId } from '../shared/schemas.ts';
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
  return asArguments(trackerUpdateProblems(body));
}

export const updateTracker = defineTool({
  name: 'update_tracker',
  title: 'Update a tracker',
  description:
    "Change some of a tracker's settings. Fields left out stay, inside notification_config too: the tracker is read and objects sent complete. schedule null clears it. Next: run_tracker.",
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
    // Nested objects go complete (the core's rule, applied by the client), so the service's merge
    // rule cannot drop a field.
    const body = trackerBody(args, 'tracker_id') as TrackerUpdate;
    return trackerResult('Updated', await client.trackers.updateComplete(args.tracker_id, body));
  },
});
