import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

export function spaceLocator(displayOptions?: IDisplayOptions): INodeProperties {
  return {
    displayName: 'Space',
    name: 'spaceId',
    type: 'resourceLocator',
    default: { mode: 'list', value: '' },
    required: true,
    description: 'The space, picked from your spaces or given by ID',
    displayOptions,
    modes: [
      {
        displayName: 'From List',
        name: 'list',
        type: 'list',
        typeOptions: { searchListMethod: 'searchSpaces', searchable: true },
      },
      {
        displayName: 'By ID',
        name: 'id',
        type: 'string',
        placeholder: 'spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7',
      },
    ],
  };
}

export function trackerLocator(displayOptions?: IDisplayOptions): INodeProperties {
  return {
    displayName: 'Tracker',
    name: 'trackerId',
    type: 'resourceLocator',
    default: { mode: 'list', value: '' },
    required: true,
    description: 'The tracker, picked from the trackers of your spaces or given by ID',
    displayOptions,
    modes: [
      {
        displayName: 'From List',
        name: 'list',
        type: 'list',
        typeOptions: { searchListMethod: 'searchTrackers', searchable: true },
      },
      {
        displayName: 'By ID',
        name: 'id',
        type: 'string',
        placeholder: 'trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10',
      },
    ],
  };
}

/** A required ID typed as text: a run or a vault source, which have no list to pick from. */
export function idField(displayName: string, name: string, displayOptions: IDisplayOptions): INodeProperties {
  return { displayName, name, type: 'string', required: true, default: '', displayOptions };
}

export function show(resource: string, operation: string[]): IDisplayOptions {
  return { show: { resource: [resource], operation } };
}
