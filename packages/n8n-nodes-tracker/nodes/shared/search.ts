// listSearch and loadOptions methods shared by the action node and the polling trigger.
import type {
  ILoadOptionsFunctions,
  INodeListSearchItems,
  INodeListSearchResult,
  INodePropertyOptions,
} from 'n8n-workflow';
import { LIMITS, type Tracker } from './generated/core';
import { getMany } from './transport';

const matches = (filter: string | undefined, ...texts: string[]) =>
  !filter || texts.some((text) => text.toLowerCase().includes(filter.toLowerCase()));

const allSpaces = (context: ILoadOptionsFunctions) => getMany(context, '/api/spaces', {}, true, 0);

const trackerOption = (tracker: Tracker) => ({
  name: tracker.name,
  value: tracker.tracker_id,
  description: tracker.description,
});

export async function searchSpaces(
  this: ILoadOptionsFunctions,
  filter?: string,
): Promise<INodeListSearchResult> {
  const results: INodeListSearchItems[] = (await allSpaces(this))
    .filter((space) => matches(filter, space.name, space.space_id))
    .map((space) => ({ name: space.name, value: space.space_id, description: space.description }));
  return { results };
}

function selectedSpace(context: ILoadOptionsFunctions): string | undefined {
  try {
    const value = context.getCurrentNodeParameter('spaceId', { extractValue: true });
    return typeof value === 'string' && value ? value : undefined;
  } catch {
    // Operations without a Space parameter search every space.
    return undefined;
  }
}

async function trackersOf(context: ILoadOptionsFunctions, spaceId?: string): Promise<Tracker[]> {
  const spaceIds = spaceId ? [spaceId] : (await allSpaces(context)).map((space) => space.space_id);
  const trackers: Tracker[] = [];
  for (const id of spaceIds) {
    trackers.push(...(await getMany(context, '/api/trackers', { qs: { space_id: id } }, true, 0)));
  }
  return trackers;
}

export async function searchTrackers(
  this: ILoadOptionsFunctions,
  filter?: string,
): Promise<INodeListSearchResult> {
  const trackers = await trackersOf(this, selectedSpace(this));
  const results = trackers
    .filter((tracker) => matches(filter, tracker.name, tracker.tracker_id))
    .slice(0, LIMITS.pageSizeMax * 10)
    .map(trackerOption);
  return { results };
}

export async function getTrackers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
  const trackers = await trackersOf(this, selectedSpace(this));
  return trackers.map(trackerOption);
}
