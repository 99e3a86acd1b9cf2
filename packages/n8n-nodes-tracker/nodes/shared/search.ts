// listSearch and loadOptions methods shared by the action node and the polling trigger. A list search
// fetches one page per call and hands n8n a pagination token for the next (n8n asks for it when the
// user scrolls), instead of walking every space and tracker on each keystroke.
import type {
  ILoadOptionsFunctions,
  INodeListSearchItems,
  INodeListSearchResult,
  INodePropertyOptions,
} from 'n8n-workflow';
import type { ParamsOf, QueryOf, Tracker } from './generated/core';
import { getMany, type ItemOf, type ListPath, pageOf, trackerRequest } from './transport';

const matches = (filter: string | undefined, ...texts: Array<string | null | undefined>) =>
  !filter || texts.some((text) => text?.toLowerCase().includes(filter.toLowerCase()));

const trackerOption = (tracker: Tracker) => ({
  name: tracker.name,
  value: tracker.tracker_id,
  description: tracker.description,
});

/** A locator or option parameter of the node being edited, or undefined where the operation has none. */
function current(context: ILoadOptionsFunctions, name: string): string | undefined {
  try {
    const value = context.getCurrentNodeParameter(name, { extractValue: true });
    return typeof value === 'string' && value ? value : undefined;
  } catch {
    return undefined;
  }
}

const pageNumber = (token: string | undefined) => Math.max(1, Number.parseInt(token ?? '1', 10) || 1);

/** A list entry and the texts a search filter is matched against. */
type Searchable = { item: INodeListSearchItems; search: Array<string | null | undefined> };

async function searchPage<P extends ListPath>(
  context: ILoadOptionsFunctions,
  path: P,
  request: { params?: ParamsOf<P, 'GET'>; qs?: QueryOf<P, 'GET'> },
  token: string | undefined,
  toItem: (item: ItemOf<P>) => Searchable,
  filter: string | undefined,
): Promise<INodeListSearchResult> {
  const { items, next } = await pageOf(context, path, request, pageNumber(token));
  const results = items
    .map(toItem)
    .filter((entry) => matches(filter, ...entry.search))
    .map((entry) => entry.item);
  return { results, paginationToken: next === undefined ? undefined : String(next) };
}

export async function searchSpaces(
  this: ILoadOptionsFunctions,
  filter?: string,
  paginationToken?: string,
): Promise<INodeListSearchResult> {
  return await searchPage(
    this,
    '/api/spaces',
    {},
    paginationToken,
    (space) => ({
      item: { name: space.name, value: space.space_id, description: space.description },
      search: [space.name, space.space_id],
    }),
    filter,
  );
}

/**
 * Trackers of the chosen space, a page at a time. Operations without a Space parameter search every
 * space: the token is then `<space index>:<page>`, so each call still fetches one page of trackers.
 */
export async function searchTrackers(
  this: ILoadOptionsFunctions,
  filter?: string,
  paginationToken?: string,
): Promise<INodeListSearchResult> {
  const toItem = (tracker: Tracker) => ({
    item: trackerOption(tracker),
    search: [tracker.name, tracker.tracker_id],
  });
  const spaceId = current(this, 'spaceId');
  if (spaceId) {
    return await searchPage(
      this,
      '/api/trackers',
      { qs: { space_id: spaceId } },
      paginationToken,
      toItem,
      filter,
    );
  }
  const [index, page] = (paginationToken ?? '0:1').split(':').map((part) => Number.parseInt(part, 10) || 0);
  const spaces = await getMany(this, '/api/spaces', {}, true, 0);
  const space = spaces[index ?? 0];
  if (!space) return { results: [] };
  const found = await searchPage(
    this,
    '/api/trackers',
    { qs: { space_id: space.space_id } },
    String(page || 1),
    toItem,
    filter,
  );
  const next =
    found.paginationToken !== undefined
      ? `${index}:${found.paginationToken}`
      : (index ?? 0) + 1 < spaces.length
        ? `${(index ?? 0) + 1}:1`
        : undefined;
  return { results: found.results, paginationToken: next };
}

/** Runs of the chosen tracker, in the service's order, labelled with their outcome. */
export async function searchRuns(
  this: ILoadOptionsFunctions,
  filter?: string,
  paginationToken?: string,
): Promise<INodeListSearchResult> {
  const trackerId = current(this, 'trackerId');
  if (!trackerId) return { results: [] };
  return await searchPage(
    this,
    '/api/trackers/{tracker_id}/runs',
    { params: { tracker_id: trackerId } },
    paginationToken,
    (run) => {
      const outcome = run.result ? `${run.result.signal} ${run.result.score}/10` : run.status;
      const name = `${run.started_at ?? 'not started'} · ${outcome}`;
      return { item: { name, value: run.run_id }, search: [name, run.run_id] };
    },
    filter,
  );
}

/** Vault sources of the chosen tracker. */
export async function searchSources(
  this: ILoadOptionsFunctions,
  filter?: string,
  paginationToken?: string,
): Promise<INodeListSearchResult> {
  const trackerId = current(this, 'trackerId');
  if (!trackerId) return { results: [] };
  return await searchPage(
    this,
    '/api/trackers/{tracker_id}/vault/sources',
    { params: { tracker_id: trackerId } },
    paginationToken,
    (source) => ({
      item: {
        name: source.name,
        value: source.source_id,
        description: source.description ?? source.source_type,
      },
      search: [source.name, source.source_id],
    }),
    filter,
  );
}

/**
 * The trackers a multi-select offers: those of the chosen space, or, where the operation names a
 * tracker instead (Tracker › Update), those of that tracker's space except itself, since v0.3 links
 * only trackers of the same space.
 */
export async function getTrackers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
  let spaceId = current(this, 'spaceId');
  const self = spaceId ? undefined : current(this, 'trackerId');
  if (self) {
    spaceId = (
      await trackerRequest(this, 'GET', '/api/trackers/{tracker_id}', { params: { tracker_id: self } })
    ).space_id;
  }
  if (!spaceId) return [];
  const trackers = await getMany(this, '/api/trackers', { qs: { space_id: spaceId } }, true, 0);
  return trackers.filter((tracker) => tracker.tracker_id !== self).map(trackerOption);
}
