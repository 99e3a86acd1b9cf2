import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { show, trackerLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { outputChoice, outputProperties, shape } from '../../../shared/output';
import { trackerRequest } from '../../../shared/transport';

export const description: INodeProperties[] = [
  trackerLocator(show('tracker', ['get'])),
  ...outputProperties('tracker', 'tracker', ['get']),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const output = outputChoice(this, i);
  const tracker = await trackerRequest(this, 'GET', '/api/trackers/{tracker_id}', {
    params: { tracker_id: trackerId },
    itemIndex: i,
  });
  return [{ json: shape(tracker, 'tracker', output.mode, output.fields), pairedItem: { item: i } }];
}
