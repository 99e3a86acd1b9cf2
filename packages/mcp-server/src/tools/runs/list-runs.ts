import { z } from 'zod';
import { SIGNAL_CHART_URI } from '../../apps/signal-chart.ts';
import { listResult, runView } from '../../rendering/views.ts';
import { defineTool, READ_ONLY } from '../../tool-api/tool-definition.ts';
import { queryField } from '../shared/document-fields.ts';
import { definedOnly, pageArgs, pageOutput, trackerId } from '../shared/schemas.ts';

export const listRuns = defineTool({
  name: 'list_runs',
  title: 'List runs',
  description:
    "A tracker's runs, newest first, filtered by signal, score, status, alert status or date (compact: run_id, status, score, signal, started_at; fields ['analysis'] adds the text). get_run: one in full.",
  toolset: 'runs',
  ui: { resourceUri: SIGNAL_CHART_URI },
  operationId: 'listRuns',
  input: z.strictObject({
    tracker_id: trackerId,
    signal: queryField('listRuns', 'signal', false).optional(),
    min_score: queryField('listRuns', 'min_score').optional(),
    max_score: queryField('listRuns', 'max_score').optional(),
    status: queryField('listRuns', 'status').optional(),
    notification_status: queryField('listRuns', 'notification_status', false).optional(),
    start_date: queryField('listRuns', 'start_date', 'Runs started at or after.').optional(),
    end_date: queryField('listRuns', 'end_date', 'Runs started at or before.').optional(),
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
