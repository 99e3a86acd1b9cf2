import type { INodeProperties } from 'n8n-workflow';
import * as deleteSource from './deleteSource.operation';
import * as getAllSources from './getAllSources.operation';
import * as getRecent from './getRecent.operation';
import * as getSource from './getSource.operation';
import * as updateSource from './updateSource.operation';
import * as uploadFile from './uploadFile.operation';
import * as uploadRows from './uploadRows.operation';

export const operations: INodeProperties = {
  displayName: 'Operation',
  name: 'operation',
  type: 'options',
  noDataExpression: true,
  displayOptions: { show: { resource: ['vault'] } },
  options: [
    {
      name: 'Delete Source',
      value: 'deleteSource',
      description: 'Delete a source and its data',
      action: 'Delete a vault source',
    },
    {
      name: 'Get Many Sources',
      value: 'getAllSources',
      description: "List a tracker's vault sources",
      action: 'Get many vault sources',
    },
    {
      name: 'Get Recent',
      value: 'getRecent',
      description: 'Get the newest data items of the vault',
      action: 'Get recent vault data',
    },
    {
      name: 'Get Source',
      value: 'getSource',
      description: 'Get a vault source',
      action: 'Get a vault source',
    },
    {
      name: 'Update Source',
      value: 'updateSource',
      description: 'Rename or describe a source',
      action: 'Update a vault source',
    },
    {
      name: 'Upload File',
      value: 'uploadFile',
      description: 'Upload a PDF, CSV, TXT, MD or image file',
      action: 'Upload a file to the vault',
    },
    {
      name: 'Upload Rows',
      value: 'uploadRows',
      description: 'Upload all input items as rows, in as few requests as the limits allow',
      action: 'Upload rows to the vault',
    },
  ],
  default: 'uploadRows',
};

export const description: INodeProperties[] = [
  operations,
  ...uploadRows.description,
  ...uploadFile.description,
  ...getAllSources.description,
  ...getSource.description,
  ...updateSource.description,
  ...deleteSource.description,
  ...getRecent.description,
];

export const handlers = {
  deleteSource: deleteSource.execute,
  getAllSources: getAllSources.execute,
  getRecent: getRecent.execute,
  getSource: getSource.execute,
  updateSource: updateSource.execute,
  uploadFile: uploadFile.execute,
};

export const executeUploadRows = uploadRows.executeAll;
