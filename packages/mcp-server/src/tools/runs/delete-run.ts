import { z } from 'zod';
import { DELETES, defineTool } from '../../tool-api/tool-definition.ts';
import { deletedOutput, deletedResult, runId, trackerId } from '../shared/schemas.ts';

export const deleteRun = defineTool({
  name: 'delete_run',
  title: 'Delete a run',
  description: 'Irreversibly delete one run and its result. Confirm with the user; list_runs finds run ids.',
  toolset: 'runs',
  operationId: 'deleteRun',
  input: z.strictObject({ tracker_id: trackerId, run_id: runId }),
  output: deletedOutput,
  annotations: DELETES,
  confirm: (args) =>
    `Delete run ${args.run_id} of tracker ${args.tracker_id} and its result? This cannot be undone.`,
  async handler(args, { client }) {
    return deletedResult(`run ${args.run_id}`, await client.runs.delete(args.tracker_id, args.run_id));
  },
});
