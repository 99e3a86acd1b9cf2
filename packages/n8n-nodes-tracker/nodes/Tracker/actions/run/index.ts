import type { INodeProperties } from 'n8n-workflow';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as trigger from './trigger.operation';

export const operations: INodeProperties = {
  displayName: 'Operation',
  name: 'operation',
  type: 'options',
  noDataExpression: true,
  displayOptions: { show: { resource: ['run'] } },
  options: [
    { name: 'Delete', value: 'delete', description: 'Delete a run and its result', action: 'Delete a run' },
    { name: 'Get', value: 'get', description: 'Get a run with its result', action: 'Get a run' },
    {
      name: 'Get Many',
      value: 'getAll',
      description: "List a tracker's runs, filtered by status, signal, score or date",
      action: 'Get many runs',
    },
    {
      name: 'Trigger',
      value: 'trigger',
      description: 'Start a run, optionally waiting for its signal',
      action: 'Trigger a run',
    },
  ],
  default: 'trigger',
};

export const description: INodeProperties[] = [
  operations,
  ...trigger.description,
  ...get.description,
  ...getAll.description,
  ...del.description,
];

export const handlers = {
  delete: del.execute,
  get: get.execute,
  getAll: getAll.execute,
  trigger: trigger.execute,
};
