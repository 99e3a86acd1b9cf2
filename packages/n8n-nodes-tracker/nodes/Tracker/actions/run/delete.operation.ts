import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { idField, show, trackerLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';

const here = show('run', ['delete']);

export const description: INodeProperties[] = [trackerLocator(here), idField('Run ID', 'runId', here)];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const runId = idParameter(this, 'runId', i, 'Run ID');
  const result = await trackerRequest.call(this, 'DELETE', `/api/trackers/${trackerId}/runs/${runId}`, {
    itemIndex: i,
  });
  return [{ json: result as IDataObject, pairedItem: { item: i } }];
}
