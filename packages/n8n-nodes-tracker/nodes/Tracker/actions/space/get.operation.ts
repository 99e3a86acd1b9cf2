import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { show, spaceLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';
import type { Space } from '../../../shared/types';

export const description: INodeProperties[] = [spaceLocator(show('space', ['get']))];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const spaceId = idParameter(this, 'spaceId', i, 'Space');
  const space = await trackerRequest.call(this, 'GET', `/api/spaces/${spaceId}`, { itemIndex: i });
  return [{ json: space as Space, pairedItem: { item: i } }];
}
