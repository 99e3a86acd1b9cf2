import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { idField, show, trackerLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';

const here = show('vault', ['deleteSource']);

export const description: INodeProperties[] = [trackerLocator(here), idField('Source ID', 'sourceId', here)];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const sourceId = idParameter(this, 'sourceId', i, 'Source ID');
  const result = await trackerRequest.call(
    this,
    'DELETE',
    `/api/trackers/${trackerId}/vault/sources/${sourceId}`,
    {
      itemIndex: i,
    },
  );
  return [{ json: result as IDataObject, pairedItem: { item: i } }];
}
