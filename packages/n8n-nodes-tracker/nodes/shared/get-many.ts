import type { INodeProperties } from 'n8n-workflow';
import { show } from './locators';

export function returnAllAndLimit(resource: string, operation: string): INodeProperties[] {
  return [
    {
      displayName: 'Return All',
      name: 'returnAll',
      type: 'boolean',
      default: false,
      description: 'Whether to return all results or only up to a given limit',
      displayOptions: show(resource, [operation]),
    },
    {
      displayName: 'Limit',
      name: 'limit',
      type: 'number',
      typeOptions: { minValue: 1 },
      default: 50,
      description: 'Max number of results to return',
      displayOptions: { show: { resource: [resource], operation: [operation], returnAll: [false] } },
    },
  ];
}
