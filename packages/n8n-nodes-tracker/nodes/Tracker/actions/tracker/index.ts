import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const operations: INodeProperties = {
  displayName: 'Operation',
  name: 'operation',
  type: 'options',
  noDataExpression: true,
  displayOptions: { show: { resource: ['tracker'] } },
  options: [
    {
      name: 'Create',
      value: 'create',
      description: 'Create a tracker in a space',
      action: 'Create a tracker',
    },
    {
      name: 'Delete',
      value: 'delete',
      description: 'Delete a tracker with its runs and vault',
      action: 'Delete a tracker',
    },
    { name: 'Get', value: 'get', description: 'Get a tracker', action: 'Get a tracker' },
    {
      name: 'Get Many',
      value: 'getAll',
      description: 'List the trackers of a space',
      action: 'Get many trackers',
    },
    {
      name: 'Update',
      value: 'update',
      description: 'Change some fields of a tracker',
      action: 'Update a tracker',
    },
  ],
  default: 'get',
};

export const description: INodeProperties[] = [
  operations,
  ...create.description,
  ...get.description,
  ...getAll.description,
  ...update.description,
  ...del.description,
];

export const handlers = {
  create: create.execute,
  delete: del.execute,
  get: get.execute,
  getAll: getAll.execute,
  update: update.execute,
};
