import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { checkRunFilters } from '../../../shared/checks';
import { NOTIFICATION_STATUSES, RUN_STATUSES, SIGNALS } from '../../../shared/generated/core';
import { returnAllAndLimit } from '../../../shared/get-many';
import { show, trackerLocator } from '../../../shared/locators';
import { buildRunFilters, type RunFilterParams } from '../../../shared/mapping';
import { idParameter, throwIfProblems } from '../../../shared/node-errors';
import { outputChoice, outputProperties, shape } from '../../../shared/output';
import { maxScoreFilter, minScoreFilter, optionsOf } from '../../../shared/properties';
import { getMany } from '../../../shared/transport';

const here = show('run', ['getAll']);

export const description: INodeProperties[] = [
  trackerLocator(here),
  ...returnAllAndLimit('run', 'getAll'),
  ...outputProperties('run', 'run', ['getAll']),
  {
    displayName: 'Filters',
    name: 'filters',
    type: 'collection',
    placeholder: 'Add Filter',
    default: {},
    displayOptions: here,
    options: [
      {
        displayName: 'End Date',
        name: 'endDate',
        type: 'dateTime',
        default: '',
        description: 'Runs started at or before this instant',
      },
      maxScoreFilter,
      minScoreFilter,
      {
        displayName: 'Notification Status',
        name: 'notificationStatus',
        type: 'options',
        options: optionsOf(NOTIFICATION_STATUSES),
        default: 'success',
      },
      {
        displayName: 'Signal',
        name: 'signal',
        type: 'options',
        options: optionsOf(SIGNALS),
        default: 'Poor',
      },
      {
        displayName: 'Start Date',
        name: 'startDate',
        type: 'dateTime',
        default: '',
        description: 'Runs started at or after this instant',
      },
      {
        displayName: 'Status',
        name: 'status',
        type: 'options',
        options: optionsOf(RUN_STATUSES),
        default: 'completed',
      },
    ],
  },
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const returnAll = this.getNodeParameter('returnAll', i) as boolean;
  const output = outputChoice(this, i);
  const limit = returnAll ? 0 : (this.getNodeParameter('limit', i) as number);
  const filters = this.getNodeParameter('filters', i, {}) as RunFilterParams;
  const qs = buildRunFilters(filters);
  throwIfProblems(this.getNode(), i, checkRunFilters(qs));
  const runs = await getMany(
    this,
    '/api/trackers/{tracker_id}/runs',
    { params: { tracker_id: trackerId }, qs, itemIndex: i },
    returnAll,
    limit,
  );
  return runs.map((json) => ({
    json: shape(json, 'run', output.mode, output.fields),
    pairedItem: { item: i },
  }));
}
