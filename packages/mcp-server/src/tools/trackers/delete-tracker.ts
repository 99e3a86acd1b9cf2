import { z } from 'zod';
import { DELETES, defineTool } from '../../tool-api/tool-definition.ts';
import { deletedOutput, deletedResult, trackerId } from '../shared/schemas.ts';

export const deleteTracker = defineTool({
  name: 'delete_tracker',
  title: 'Delete a tracker',
  description:
    'Irreversibly delete a tracker with its schedule, runs, results and vault. Confirm with the user; get_tracker shows what would be lost.',
  toolset: 'trackers',
  operationId: 'deleteTracker',
  input: z.strictObject({ tracker_id: trackerId }),
  output: deletedOutput,
  annotations: DELETES,
  confirm: (args) =>
    `Delete tracker ${args.tracker_id} with its schedule, runs, results and vault? This cannot be undone.`,
  async handler(args, { client }) {
    return deletedResult(`tracker ${args.tracker_id}`, await client.trackers.delete(args.tracker_id));
  },
});
