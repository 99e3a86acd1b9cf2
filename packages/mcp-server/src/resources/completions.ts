// Completions for the ids a user types into prompt arguments and resource URIs: best effort (a
// failing service completes nothing rather than failing the request), first pages only, at most
// the protocol's 100 values.
import { LIMITS } from '@trackerkit/core';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';

const MAX_VALUES = 100;

const matching = (ids: string[], prefix: string) =>
  ids.filter((id) => id.startsWith(prefix)).slice(0, MAX_VALUES);

async function quietly(load: () => Promise<string[]>): Promise<string[]> {
  return load().catch(() => []);
}

export function completeSpaceIds(client: TrackerClientLike, prefix: string): Promise<string[]> {
  return quietly(async () => {
    const spaces = await client.spaces.list({ page: 1, page_size: LIMITS.pageSizeMax });
    return matching(
      spaces.data.map((space) => space.space_id),
      prefix,
    );
  });
}

/** Tracker ids of every space's first page (of `spaceId`'s only, when given). */
export function completeTrackerIds(
  client: TrackerClientLike,
  prefix: string,
  spaceId?: string,
): Promise<string[]> {
  return quietly(async () => {
    const spaceIds = spaceId
      ? [spaceId]
      : (await client.spaces.list({ page: 1, page_size: LIMITS.pageSizeMax })).data.map((s) => s.space_id);
    const ids: string[] = [];
    for (const id of spaceIds) {
      const trackers = await client.trackers.list({ space_id: id, page_size: LIMITS.pageSizeMax });
      ids.push(...trackers.data.map((tracker) => tracker.tracker_id));
      if (matching(ids, prefix).length >= MAX_VALUES) break;
    }
    return matching(ids, prefix);
  });
}

/** The latest runs of a tracker (none without one). */
export function completeRunIds(
  client: TrackerClientLike,
  trackerId: string | undefined,
  prefix: string,
): Promise<string[]> {
  if (!trackerId) return Promise.resolve([]);
  return quietly(async () => {
    const runs = await client.runs.list(trackerId, { page_size: LIMITS.pageSizeMax });
    return matching(
      runs.data.map((run) => run.run_id),
      prefix,
    );
  });
}
