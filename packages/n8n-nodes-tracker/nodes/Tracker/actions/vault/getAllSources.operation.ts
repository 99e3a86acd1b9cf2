import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
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
  const sources = await getMany.call(
    this,
    `/api/trackers/${trackerId}/vault/sources`,
    {},
    returnAll,
    limit,
    i,
  );
  return (sources as IDataObject[]).map((json) => ({ json, pairedItem: { item: i } }));
}
