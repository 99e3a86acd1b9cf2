import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { show, trackerLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';

export const description: INodeProperties[] = [trackerLocator(show('tracker', ['get']))];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const tracker = await trackerRequest(this, 'GET', '/api/trackers/{tracker_id}', {
    params: { tracker_id: trackerId },
    itemIndex: i,
  });
  return [{ json: tracker, pairedItem: { item: i } }];
}
