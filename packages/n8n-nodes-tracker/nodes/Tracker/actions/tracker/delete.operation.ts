import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { show, trackerLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';

export const description: INodeProperties[] = [trackerLocator(show('tracker', ['delete']))];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const result = await trackerRequest(this, 'DELETE', '/api/trackers/{tracker_id}', {
    params: { tracker_id: trackerId },
    itemIndex: i,
  });
  // `errors` is untyped in the document's envelope.
  return [{ json: result as IDataObject, pairedItem: { item: i } }];
}
