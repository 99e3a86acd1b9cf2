// Trackers and runs as readable resources, so a client can attach one to a conversation.
import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
} from '@modelcontextprotocol/server';
import { LIMITS } from '@trackerkit/core';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import { describeToolError } from '../tool-api/tool-errors.ts';
import { completeRunIds, completeTrackerIds } from './completions.ts';

export const TRACKER_URI_TEMPLATE = 'tracker://{tracker_id}';
export const RUN_URI_TEMPLATE = 'tracker://{tracker_id}/runs/{run_id}';

/**
 * A resources/read miss: `-32602` (Invalid Params) with `data` exactly `{ uri }`. The 2026-07-28
 * specification requires it (server/resources, error handling); it is also what 2025-era SDKs
 * send, and clients recognise a miss by the `uri` in `data` (older peers' `-32002` is accepted by
 * clients, never sent). Before, every failure (a 500 or a 401 too) was a bare `-32602`, so a
 * client could not tell a missing tracker from a broken service.
 */
export const RESOURCE_NOT_FOUND = ProtocolErrorCode.InvalidParams;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

async function readJson(uri: URL, what: string, load: () => Promise<unknown>) {
  try {
    const value = await load();
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(value) }] };
  } catch (error) {
    const text = describeToolError(`read ${what}`, error);
    if ((error as { status?: unknown }).status === 404) {
      throw new ResourceNotFoundError(uri.href, text);
    }
    if ((error as { name?: unknown }).name === 'TrackerValidationError') {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, text);
    }
    throw new ProtocolError(ProtocolErrorCode.InternalError, text);
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
      complete: { tracker_id: (value) => completeTrackerIds(client, value) },
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
    new ResourceTemplate(RUN_URI_TEMPLATE, {
      list: undefined,
      complete: {
        tracker_id: (value) => completeTrackerIds(client, value),
        run_id: (value, context) => completeRunIds(client, context?.arguments?.tracker_id, value),
      },
    }),
    {
      title: 'Tracker run',
      description: 'One run of a tracker with its result, as JSON.',
      mimeType: 'application/json',
    },
    (uri, variables) =>
      readJson(uri, 'run', () => client.runs.get(one(variables.tracker_id), one(variables.run_id))),
  );
}
