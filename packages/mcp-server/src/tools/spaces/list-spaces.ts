import { z } from 'zod';
import { listResult, spaceView } from '../../rendering/views.ts';
import { defineTool, READ_ONLY } from '../../tool-api/tool-definition.ts';
import { pageArgs, pageOutput } from '../shared/schemas.ts';

export const listSpaces = defineTool({
  name: 'list_spaces',
  title: 'List spaces',
  description:
    'The spaces you can see (compact: space_id, name, category, tracker_count). Start here: list_trackers and create_tracker need a space_id.',
  toolset: 'spaces',
  operationId: 'listSpaces',
  input: z.strictObject({ ...pageArgs }),
  output: pageOutput,
  annotations: READ_ONLY,
  async handler(args, { client }) {
    return listResult(spaceView, 'spaces', args, () =>
      client.spaces.list({ page: args.page, page_size: args.page_size }),
    );
  },
});
