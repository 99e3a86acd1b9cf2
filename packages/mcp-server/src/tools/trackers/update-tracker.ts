import type { TrackerUpdate } from '@trackerkit/client';
import { z } from 'zod';
import { trackerId } from '../../schemas.ts';
import { defineTool, OVERWRITES } from '../../tool-definition.ts';
import { ToolInputError } from '../../tool-errors.ts';
import { agentFields, nestAgentConfig, optionalFields, trackerFields } from './tracker-fields.ts';
import { trackerOutput, trackerResult } from './tracker-output.ts';

export const updateTracker = defineTool({
  name: 'update_tracker',
  title: 'Update a tracker',
  description:
    "Change some of a tracker's settings (get_tracker shows the current ones); fields left out stay, notification_config fields merge. schedule null clears it; run_mode scheduled needs a schedule. Next: run_tracker to see the effect.",
  toolset: 'trackers',
  operationId: 'updateTracker',
  input: z.strictObject({
    tracker_id: trackerId,
    ...optionalFields(trackerFields),
    ...optionalFields(agentFields),
  }),
  output: trackerOutput,
  annotations: OVERWRITES,
  async handler({ tracker_id, ...args }, { client }) {
    const { rest, agent } = nestAgentConfig(args);
    const body: Record<string, unknown> = { ...rest };
    if (Object.keys(agent).length > 0) body.agent_config = agent;
    if (Object.keys(body).length === 0) {
      throw new ToolInputError('(arguments)', 'give at least one field to change besides tracker_id');
    }
    return trackerResult('Updated', await client.trackers.update(tracker_id, body as TrackerUpdate));
  },
});
