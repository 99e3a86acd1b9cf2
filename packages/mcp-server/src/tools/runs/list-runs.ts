import { LIMITS } from '@trackerkit/client';
import { z } from 'zod';
import { NOTIFICATION_STATUSES, RUN_STATUSES, SIGNALS } from '../../document-values.ts';
import { definedOnly, pageArgs, pageOutput, trackerId } from '../../schemas.ts';
import { defineTool, READ_ONLY } from '../../tool-definition.ts';
import { listResult, runView } from '../../views.ts';

const score = z.int().min(LIMITS.scoreMin).max(LIMITS.scoreMax);

export const listRuns = defineTool({
  name: 'list_runs',
  title: 'List runs',
  description:
    "List a tracker's runs, newest first, filtered by signal, score, status, alert status or date (compact: run_id, status, score, signal, started_at; fields ['analysis'] adds the text). get_run shows one in full.",
  toolset: 'runs',
  operationId: 'listRuns',
  input: z.strictObject({
    tracker_id: trackerId,
    signal: z.enum(SIGNALS).optional(),
    min_score: score.optional(),
    max_score: score.optional(),
    status: z.enum(RUN_STATUSES).optional(),
    notification_status: z.enum(NOTIFICATION_STATUSES).optional(),
    start_date: z.iso.datetime({ offset: true }).optional().describe('Runs started at or after.'),
    end_date: z.iso.datetime({ offset: true }).optional().describe('Runs started at or before.'),
    ...pageArgs,
  }),
  output: pageOutput,
  annotations: READ_ONLY,
  async handler({ tracker_id, fields, verbose, ...query }, { client }) {
    return listResult(runView, 'runs', { fields, verbose }, () =>
      client.runs.list(tracker_id, definedOnly(query)),
    );
  },
});
