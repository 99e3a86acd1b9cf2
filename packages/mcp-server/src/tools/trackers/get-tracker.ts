import { z } from 'zod';
import { defineTool, READ_ONLY } from '../../tool-api/tool-definition.ts';
import { trackerId } from '../shared/schemas.ts';
import { trackerOutput, trackerResult } from './tracker-output.ts';

export const getTracker = defineTool({
  name: 'get_tracker',
  title: 'Get a tracker',
  description:
    'One tracker in full (agent_config, schedule, notification_config), e.g. before update_tracker.',
  toolset: 'trackers',
  operationId: 'getTracker',
  input: z.strictObject({ tracker_id: trackerId }),
  output: trackerOutput,
  annotations: READ_ONLY,
  async handler(args, { client }) {
    return trackerResult('Got', await client.trackers.get(args.tracker_id));
  },
});
