import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { LIMITS } from '../../../shared/generated/limits';
import { idField, show, trackerLocator } from '../../../shared/locators';
import { text } from '../../../shared/mapping';
import { idParameter, mapParams } from '../../../shared/node-errors';
import { ParamError } from '../../../shared/param-error';
import { trackerRequest } from '../../../shared/transport';
import type { VaultSource } from '../../../shared/types';

const here = show('vault', ['updateSource']);

export const description: INodeProperties[] = [
  trackerLocator(here),
  idField('Source ID', 'sourceId', here),
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
  const sourceId = idParameter(this, 'sourceId', i, 'Source ID');
  const fields = this.getNodeParameter('updateFields', i, {}) as IDataObject;
  const body = mapParams(this, i, () => {
    const update: IDataObject = {};
    if (fields.name !== undefined) update.name = text('Name', fields.name, 1, LIMITS.sourceNameMax);
    if (fields.description !== undefined) {
      update.description = text('Description', fields.description, 0, LIMITS.sourceDescriptionMax);
    }
    if (Object.keys(update).length === 0)
      throw new ParamError('Update Fields', 'set at least one field to change');
    return update;
  });
  const source = await trackerRequest.call(
    this,
    'PATCH',
    `/api/trackers/${trackerId}/vault/sources/${sourceId}`,
    {
      body,
      itemIndex: i,
    },
  );
  return [{ json: source as VaultSource, pairedItem: { item: i } }];
}
