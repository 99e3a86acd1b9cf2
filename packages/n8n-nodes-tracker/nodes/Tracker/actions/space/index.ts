import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: INodeProperties = {
  displayName: 'Operation',
  name: 'operation',
  type: 'options',
  noDataExpression: true,
  displayOptions: { show: { resource: ['space'] } },
  options: [
    { name: 'Get', value: 'get', description: 'Get a space', action: 'Get a space' },
    {
      name: 'Get Many',
      value: 'getAll',
      description: 'List the spaces of your account',
      action: 'Get many spaces',
    },
  ],
  default: 'getAll',
};

export const description: INodeProperties[] = [operations, ...get.description, ...getAll.description];

export const handlers = { get: get.execute, getAll: getAll.execute };
