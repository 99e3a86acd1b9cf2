import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { returnAllAndLimit } from '../../../shared/get-many';
import { show, trackerLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { getMany } from '../../../shared/transport';

export const description: INodeProperties[] = [
  trackerLocator(show('vault', ['getAllSources'])),
  ...returnAllAndLimit('vault', 'getAllSources'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const returnAll = this.getNodeParameter('returnAll', i) as boolean;
  const limit = returnAll ? 0 : (this.getNodeParameter('limit', i) as number);
  const sources = await getMany(
    this,
    '/api/trackers/{tracker_id}/vault/sources',
    { params: { tracker_id: trackerId }, itemIndex: i },
    returnAll,
    limit,
  );
  return sources.map((json) => ({ json, pairedItem: { item: i } }));
}
