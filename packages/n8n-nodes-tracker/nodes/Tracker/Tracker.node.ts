import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { toNodeError } from '../shared/node-errors';
import { getTrackers, searchRuns, searchSources, searchSpaces, searchTrackers } from '../shared/search';
import * as run from './actions/run';
import * as space from './actions/space';
import * as tracker from './actions/tracker';
import * as vault from './actions/vault';

type Handler = (this: IExecuteFunctions, itemIndex: number) => Promise<INodeExecutionData[]>;

const handlers: Record<string, Record<string, Handler>> = {
  space: space.handlers,
  tracker: tracker.handlers,
  run: run.handlers,
  vault: vault.handlers,
};

export class Tracker implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Tracker',
    name: 'tracker',
    icon: { light: 'file:tracker.svg', dark: 'file:tracker.dark.svg' },
    group: ['transform'],
    // Version 2: Tracker › Create's and Update's Skills are a multi-select of the known skills plus custom
    // ids; version 1 (workflows saved before) keeps the comma-separated text. Nothing else differs.
    version: [1, 2],
    defaultVersion: 2,
    subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
    description: 'Create trackers, upload vault data, run trackers and read their signals',
    defaults: { name: 'Tracker' },
    usableAsTool: true,
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'trackerApi', required: true }],
    properties: [
      {
        displayName: 'Resource',
        name: 'resource',
        type: 'options',
        noDataExpression: true,
        options: [
          { name: 'Run', value: 'run' },
          { name: 'Space', value: 'space' },
          { name: 'Tracker', value: 'tracker' },
          { name: 'Vault', value: 'vault' },
        ],
        default: 'tracker',
      },
      ...space.description,
      ...tracker.description,
      ...run.description,
      ...vault.description,
    ],
  };

  methods = {
    listSearch: { searchRuns, searchSources, searchSpaces, searchTrackers },
    loadOptions: { getTrackers },
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData();
    const resource = this.getNodeParameter('resource', 0) as string;
    const operation = this.getNodeParameter('operation', 0) as string;

    if (resource === 'vault' && operation === 'uploadRows') {
      return [await vault.executeUploadRows.call(this, items)];
    }
    const handler = handlers[resource]?.[operation];
    if (!handler) {
      throw new NodeOperationError(this.getNode(), `Unsupported operation "${resource} › ${operation}"`);
    }

    const out: INodeExecutionData[] = [];
    for (let i = 0; i < items.length; i++) {
      try {
        out.push(...(await handler.call(this, i)));
      } catch (error) {
        if (!this.continueOnFail()) throw toNodeError(this.getNode(), error, i);
        out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
      }
    }
    return [out];
  }
}
