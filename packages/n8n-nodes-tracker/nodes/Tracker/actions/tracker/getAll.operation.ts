import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { returnAllAndLimit } from '../../../shared/get-many';
import { show, spaceLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { outputChoice, outputProperties, shape } from '../../../shared/output';
import { getMany } from '../../../shared/transport';

export const description: INodeProperties[] = [
  spaceLocator(show('tracker', ['getAll'])),
  ...returnAllAndLimit('tracker', 'getAll'),
  ...outputProperties('tracker', 'tracker', ['getAll']),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const spaceId = idParameter(this, 'spaceId', i, 'Space');
  const returnAll = this.getNodeParameter('returnAll', i) as boolean;
  const output = outputChoice(this, i);
  const limit = returnAll ? 0 : (this.getNodeParameter('limit', i) as number);
  const trackers = await getMany(
    this,
    '/api/trackers',
    { qs: { space_id: spaceId }, itemIndex: i },
    returnAll,
    limit,
  );
  return trackers.map((json) => ({
    json: shape(json, 'tracker', output.mode, output.fields),
    pairedItem: { item: i },
  }));
}
