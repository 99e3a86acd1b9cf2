import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { show, sourceLocator, trackerLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';

const here = show('vault', ['getSource']);

export const description: INodeProperties[] = [trackerLocator(here), sourceLocator(here)];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const sourceId = idParameter(this, 'sourceId', i, 'Source');
  const source = await trackerRequest(this, 'GET', '/api/trackers/{tracker_id}/vault/sources/{source_id}', {
    params: { tracker_id: trackerId, source_id: sourceId },
    itemIndex: i,
  });
  return [{ json: source, pairedItem: { item: i } }];
}
