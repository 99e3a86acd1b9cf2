import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { CONTENT_TYPES, LIMITS } from '../../../shared/generated/limits';
import { show, trackerLocator } from '../../../shared/locators';
import { buildRecentQuery, type RecentParams } from '../../../shared/mapping';
import { idParameter, mapParams } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';
import type { VaultRecentResponse } from '../../../shared/types';

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
  const qs = mapParams(this, i, () =>
    buildRecentQuery({ ...filters, limit: this.getNodeParameter('limit', i) as number }),
  );
  const recent = (await trackerRequest.call(this, 'GET', `/api/trackers/${trackerId}/vault/recent`, {
    qs,
    itemIndex: i,
  })) as VaultRecentResponse;
  // One item per data item; the filters the service applied stay on each for reference.
  return recent.results.map((result) => ({
    json: { ...result, filters_applied: recent.filters_applied },
    pairedItem: { item: i },
  }));
}
