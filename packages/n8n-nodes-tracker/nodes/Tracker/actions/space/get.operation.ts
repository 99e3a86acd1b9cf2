import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { show, spaceLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';

export const description: INodeProperties[] = [spaceLocator(show('space', ['get']))];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const spaceId = idParameter(this, 'spaceId', i, 'Space');
  const space = await trackerRequest(this, 'GET', '/api/spaces/{space_id}', {
    params: { space_id: spaceId },
    itemIndex: i,
  });
  return [{ json: space, pairedItem: { item: i } }];
}
