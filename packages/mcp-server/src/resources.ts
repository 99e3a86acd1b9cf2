// Trackers and runs as readable resources, so a client can attach one to a conversation.
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { LIMITS } from '@trackerkit/core';
import { describeToolError } from './tool-errors.ts';
import type { TrackerClientLike } from './tracker-client-like.ts';

export const TRACKER_URI_TEMPLATE = 'tracker://{tracker_id}';
export const RUN_URI_TEMPLATE = 'tracker://{tracker_id}/runs/{run_id}';

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

async function readJson(uri: URL, what: string, load: () => Promise<unknown>) {
  try {
    const value = await load();
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(value) }] };
  } catch (error) {
    throw new McpError(ErrorCode.InvalidParams, describeToolError(`read ${what}`, error));
  }
}

export function registerResources(server: McpServer, client: TrackerClientLike): void {
  server.registerResource(
    'tracker',
    new ResourceTemplate(TRACKER_URI_TEMPLATE, {
      // The first page of every space's trackers: enough to pick one, bounded in cost.
      list: async () => {
        const spaces = await client.spaces.list({ page: 1, page_size: LIMITS.pageSizeMax });
        const resources = [];
        for (const space of spaces.data) {
          const trackers = await client.trackers.list({
            space_id: space.space_id,
            page_size: LIMITS.pageSizeMax,
          });
          for (const tracker of trackers.data) {
            resources.push({
              uri: `tracker://${tracker.tracker_id}`,
              name: tracker.name,
              description: tracker.description,
              mimeType: 'application/json',
            });
          }
        }
        return { resources };
      },
    }),
    {
      title: 'Tracker',
      description: 'A tracker with its full configuration, as JSON.',
      mimeType: 'application/json',
    },
    (uri, variables) => readJson(uri, 'tracker', () => client.trackers.get(one(variables.tracker_id))),
  );
  server.registerResource(
    'run',
    new ResourceTemplate(RUN_URI_TEMPLATE, { list: undefined }),
    {
      title: 'Tracker run',
      description: 'One run of a tracker with its result, as JSON.',
      mimeType: 'application/json',
    },
    (uri, variables) =>
      readJson(uri, 'run', () => client.runs.get(one(variables.tracker_id), one(variables.run_id))),
  );
}
