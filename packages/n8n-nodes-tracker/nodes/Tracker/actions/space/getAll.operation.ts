import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { returnAllAndLimit } from '../../../shared/get-many';
import { getMany } from '../../../shared/transport';

export const description: INodeProperties[] = [...returnAllAndLimit('space', 'getAll')];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const returnAll = this.getNodeParameter('returnAll', i) as boolean;
  const limit = returnAll ? 0 : (this.getNodeParameter('limit', i) as number);
  const spaces = await getMany(this, '/api/spaces', { itemIndex: i }, returnAll, limit);
  return spaces.map((json) => ({ json, pairedItem: { item: i } }));
}
