import { z } from 'zod';
import { pageArgs, pageOutput, spaceId } from '../../schemas.ts';
import { defineTool, READ_ONLY } from '../../tool-definition.ts';
import { listResult, trackerView } from '../../views.ts';

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
