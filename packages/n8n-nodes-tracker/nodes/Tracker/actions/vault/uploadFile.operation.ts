import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { checkFile } from '../../../shared/checks';
import { extensionOf, FILE_TYPES, LIMITS, MEDIA_TYPES, type Problem } from '../../../shared/generated/core';
import { show, trackerLocator } from '../../../shared/locators';
import { buildMultipart } from '../../../shared/multipart';
import { idParameter, throwIfProblems } from '../../../shared/node-errors';
import { trackerRequest, UPLOAD_RETRIES } from '../../../shared/transport';

const EXTENSIONS = Object.keys(FILE_TYPES).map((ext) => ext.toUpperCase());

const here = show('vault', ['uploadFile']);

export const description: INodeProperties[] = [
  trackerLocator(here),
  {
    displayName: 'Input Binary Field',
    name: 'binaryPropertyName',
    type: 'string',
    required: true,
    default: 'data',
    hint: `The name of the input binary field holding the file (${EXTENSIONS.slice(0, -1).join(', ')} or ${EXTENSIONS.at(-1)})`,
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
  const fields = {
    source_name: options.sourceName ? String(options.sourceName) : undefined,
    description: options.description ? String(options.description) : undefined,
  };
  const data = await this.helpers.getBinaryDataBuffer(i, property);
  // The file's problems name the file, so a user with many items sees which one.
  const named = (p: Problem) =>
    p.field === 'file' && !p.message.includes(fileName) ? { ...p, message: `${fileName}: ${p.message}` } : p;
  throwIfProblems(this.getNode(), i, checkFile(fileName, data, fields).map(named));
  const multipart = buildMultipart(fields, {
    field: 'file',
    fileName,
    // The document's media type for the extension: n8n's guess from the binary may differ.
    mimeType: MEDIA_TYPES[extensionOf(fileName)!],
    data,
  });
  const response = await trackerRequest(this, 'POST', '/api/trackers/{tracker_id}/vault/sources', {
    params: { tracker_id: trackerId },
    body: multipart.body,
    headers: { 'content-type': multipart.contentType },
    itemIndex: i,
    retries: UPLOAD_RETRIES,
  });
  return [{ json: response, pairedItem: { item: i } }];
}
