import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { checkSourceUpdate } from '../../../shared/checks';
import { LIMITS, type VaultSourceUpdate } from '../../../shared/generated/core';
import { show, sourceLocator, trackerLocator } from '../../../shared/locators';
import { idParameter, throwIfProblems } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';

const here = show('vault', ['updateSource']);

export const description: INodeProperties[] = [
  trackerLocator(here),
  sourceLocator(here),
  {
    displayName: 'Update Fields',
    name: 'updateFields',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    displayOptions: here,
    options: [
      {
        displayName: 'Description',
        name: 'description',
        type: 'string',
        default: '',
        description: `At most ${LIMITS.sourceDescriptionMax} characters; existing data is not re-indexed`,
      },
      {
        displayName: 'Name',
        name: 'name',
        type: 'string',
        default: '',
        description: `1-${LIMITS.sourceNameMax} characters`,
      },
    ],
  },
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const sourceId = idParameter(this, 'sourceId', i, 'Source');
  const fields = this.getNodeParameter('updateFields', i, {}) as IDataObject;
  const body: VaultSourceUpdate = {};
  if (fields.name !== undefined) body.name = fields.name as string;
  if (fields.description !== undefined) body.description = fields.description as string;
  throwIfProblems(this.getNode(), i, checkSourceUpdate(body));
  const source = await trackerRequest(this, 'PATCH', '/api/trackers/{tracker_id}/vault/sources/{source_id}', {
    params: { tracker_id: trackerId, source_id: sourceId },
    body,
    itemIndex: i,
  });
  return [{ json: source, pairedItem: { item: i } }];
}
