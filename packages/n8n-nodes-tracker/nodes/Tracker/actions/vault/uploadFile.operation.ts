import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { FILE_EXTENSIONS, LIMITS } from '../../../shared/generated/limits';
import { show, trackerLocator } from '../../../shared/locators';
import { text } from '../../../shared/mapping';
import { buildMultipart } from '../../../shared/multipart';
import { idParameter, mapParams } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';
import type { VaultUploadResponse } from '../../../shared/types';

const here = show('vault', ['uploadFile']);

export const description: INodeProperties[] = [
  trackerLocator(here),
  {
    displayName: 'Input Binary Field',
    name: 'binaryPropertyName',
    type: 'string',
    required: true,
    default: 'data',
    hint: 'The name of the input binary field holding the file (PDF, CSV, TXT, MD, JPG, JPEG or PNG)',
    displayOptions: here,
  },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add Option',
    default: {},
    displayOptions: here,
    options: [
      {
        displayName: 'Description',
        name: 'description',
        type: 'string',
        default: '',
        description: `Required for images (${LIMITS.imageDescriptionMin}-${LIMITS.imageDescriptionMax} characters)`,
      },
      {
        displayName: 'Source Name',
        name: 'sourceName',
        type: 'string',
        default: '',
        description: 'Defaults to the file name; an existing source of that name is appended to',
      },
    ],
  },
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const property = this.getNodeParameter('binaryPropertyName', i) as string;
  const options = this.getNodeParameter('options', i, {}) as IDataObject;
  const binary = this.helpers.assertBinaryData(i, property);
  const fileName = binary.fileName ?? `${property}.${binary.fileExtension ?? 'bin'}`;
  const extension = (fileName.split('.').pop() ?? '').toLowerCase();
  if (!FILE_EXTENSIONS.includes(extension as (typeof FILE_EXTENSIONS)[number])) {
    throw new NodeOperationError(
      this.getNode(),
      `File "${fileName}": must be one of ${FILE_EXTENSIONS.join(', ')}`,
      {
        itemIndex: i,
      },
    );
  }
  const data = await this.helpers.getBinaryDataBuffer(i, property);
  if (data.length === 0) {
    throw new NodeOperationError(this.getNode(), `File "${fileName}": must not be empty`, { itemIndex: i });
  }
  if (data.length > LIMITS.fileBytesMax) {
    throw new NodeOperationError(
      this.getNode(),
      `File "${fileName}": larger than ${LIMITS.fileBytesMax} bytes`,
      {
        itemIndex: i,
      },
    );
  }
  const fields = mapParams(this, i, () => ({
    source_name: options.sourceName
      ? text('Source Name', options.sourceName, 1, LIMITS.sourceNameMax)
      : undefined,
    description: options.description
      ? text('Description', options.description, LIMITS.imageDescriptionMin, LIMITS.imageDescriptionMax)
      : undefined,
  }));
  const multipart = buildMultipart(fields, {
    field: 'file',
    fileName,
    mimeType: binary.mimeType || 'application/octet-stream',
    data,
  });
  const response = (await trackerRequest.call(this, 'POST', `/api/trackers/${trackerId}/vault/sources`, {
    body: multipart.body,
    headers: { 'content-type': multipart.contentType },
    itemIndex: i,
    rateLimitRetries: 5,
  })) as VaultUploadResponse;
  return [{ json: response, pairedItem: { item: i } }];
}
