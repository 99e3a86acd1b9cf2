import { z } from 'zod';
import { listResult, trackerView } from '../../rendering/views.ts';
import { defineTool, READ_ONLY } from '../../tool-api/tool-definition.ts';
import { pageArgs, pageOutput, spaceId } from '../shared/schemas.ts';

export const listTrackers = defineTool({
  name: 'list_trackers',
  title: 'List trackers',
  description:
    "A space's trackers, newest first (compact: tracker_id, name, run_mode, reasoning_mode, skills, last_run_at). get_tracker: one in full; list_runs: its signals.",
  toolset: 'trackers',
  operationId: 'listTrackers',
  input: z.strictObject({ space_id: spaceId, ...pageArgs }),
  output: pageOutput,
  annotations: READ_ONLY,
  async handler(args, { client }) {
    return listResult(trackerView, 'trackers', args, () =>
      client.trackers.list({ space_id: args.space_id, page: args.page, page_size: args.page_size }),
    );
  },
});
