import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { show, trackerLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';
import type { Tracker } from '../../../shared/types';

export const description: INodeProperties[] = [trackerLocator(show('tracker', ['get']))];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const tracker = await trackerRequest.call(this, 'GET', `/api/trackers/${trackerId}`, { itemIndex: i });
  return [{ json: tracker as Tracker, pairedItem: { item: i } }];
}
