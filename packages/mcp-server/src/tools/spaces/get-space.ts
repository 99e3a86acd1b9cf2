import { z } from 'zod';
import { renderObject } from '../../rendering/render.ts';
import { defineTool, READ_ONLY } from '../../tool-api/tool-definition.ts';
import { objectWith, spaceId } from '../shared/schemas.ts';

export const getSpace = defineTool({
  name: 'get_space',
  title: 'Get a space',
  description:
    'One space with its capacity, usage, costs and counts, e.g. to check room before create_tracker.',
  toolset: 'spaces',
  operationId: 'getSpace',
  input: z.strictObject({ space_id: spaceId }),
  output: objectWith({ space_id: z.string(), name: z.string(), is_active: z.boolean() }),
  annotations: READ_ONLY,
  async handler(args, { client }) {
    const space = await client.spaces.get(args.space_id);
    return {
      structured: space,
      text: renderObject(
        `Space ${space.name} (${space.tracker_count} trackers, ${space.used_gb} GB used)`,
        space,
      ),
    };
  },
});
