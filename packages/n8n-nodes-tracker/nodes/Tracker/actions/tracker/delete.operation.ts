import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { show, trackerLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';

export const description: INodeProperties[] = [trackerLocator(show('tracker', ['delete']))];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  await trackerRequest(this, 'DELETE', '/api/trackers/{tracker_id}', {
    params: { tracker_id: trackerId },
    itemIndex: i,
  });
  // The service's envelope ({success, message, data, errors}) says nothing a workflow needs; failures
  // are errors. n8n's convention for a delete is this one flag.
  return [{ json: { deleted: true }, pairedItem: { item: i } }];
}
