import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { checkRecentQuery } from '../../../shared/checks';
import { CONTENT_TYPES, LIMITS } from '../../../shared/generated/core';
import { show, trackerLocator } from '../../../shared/locators';
import { buildRecentQuery, type RecentParams } from '../../../shared/mapping';
import { idParameter, throwIfProblems } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';

const here = show('vault', ['getRecent']);

export const description: INodeProperties[] = [
  trackerLocator(here),
  {
    displayName: 'Limit',
    name: 'limit',
    type: 'number',
    typeOptions: { minValue: 1, maxValue: LIMITS.recentLimitMax },
    default: 50,
    description: 'Max number of results to return',
    displayOptions: here,
  },
  {
    displayName: 'Filters',
    name: 'filters',
    type: 'collection',
    placeholder: 'Add Filter',
    default: {},
    displayOptions: here,
    options: [
      {
        displayName: 'Content Types',
        name: 'contentTypes',
        type: 'multiOptions',
        options: CONTENT_TYPES.map((value) => ({ name: value.toUpperCase(), value })),
        default: [],
      },
      {
        displayName: 'Since (Hours)',
        name: 'sinceHours',
        type: 'number',
        typeOptions: { minValue: 1 },
        default: 24,
        description: 'Only items created in the last N hours',
      },
    ],
  },
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const filters = this.getNodeParameter('filters', i, {}) as RecentParams;
  const qs = buildRecentQuery({ ...filters, limit: this.getNodeParameter('limit', i) as number });
  throwIfProblems(this.getNode(), i, checkRecentQuery(qs));
  const recent = await trackerRequest(this, 'GET', '/api/trackers/{tracker_id}/vault/recent', {
    params: { tracker_id: trackerId },
    qs,
    itemIndex: i,
  });
  // One item per data item; the filters the service applied stay on each for reference.
  return recent.results.map((result) => ({
    json: { ...result, content: parseContent(result), filters_applied: recent.filters_applied },
    pairedItem: { item: i },
  }));
}

/**
 * The service returns JSON data serialized in `content`; a workflow wants the object, so JSON items
 * are parsed. Text and image descriptions, and JSON that does not parse, stay strings.
 */
export function parseContent(item: { content: string; content_type: string }): IDataObject[string] {
  if (item.content_type !== 'json') return item.content;
  try {
    return JSON.parse(item.content) as IDataObject[string];
  } catch {
    return item.content;
  }
}
