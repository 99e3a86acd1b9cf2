import { z } from 'zod';
import { renderObject } from '../../rendering/render.ts';
import { runView } from '../../rendering/views.ts';
import { defineTool, READ_ONLY } from '../../tool-api/tool-definition.ts';
import { runId, trackerId } from '../shared/schemas.ts';

export const getRun = defineTool({
  name: 'get_run',
  title: 'Get a run',
  description:
    'One run: status, score, signal, analysis, cost and alert delivery. Poll it after run_tracker gave done=false (pending or running: call again later).',
  toolset: 'runs',
  operationId: 'getRun',
  input: z.strictObject({
    tracker_id: trackerId,
    run_id: runId,
    verbose: z.boolean().default(false).describe('The API object with config_snapshot.'),
  }),
  output: z.looseObject({ run_id: z.string(), status: z.string() }),
  annotations: READ_ONLY,
  async handler(args, { client }) {
    const run = await client.runs.get(args.tracker_id, args.run_id);
    const structured = args.verbose
      ? run
      : { ...runView.flatten(run), run_id: run.run_id, status: run.status };
    const outcome = run.result ? `score ${run.result.score} (${run.result.signal})` : run.status;
    if (run.status === 'failed') {
      const reason = run.error_message ?? 'no reason given';
      return {
        structured,
        text: renderObject(`Run ${run.run_id} failed: ${reason}`, structured),
        isError: true,
      };
    }
    return { structured, text: renderObject(`Run ${run.run_id}: ${outcome}`, structured) };
  },
});
