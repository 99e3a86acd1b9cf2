// The resource locators: spaces and trackers from a searchable list, by ID or by URL; runs and vault
// sources from a list of the chosen tracker's, or by ID. Space IDs have a published form, the
// document's SpaceId pattern; the other IDs are opaque to clients, so only what can never be an ID is
// refused: the document's ResourceId pattern (not `.` or `..`; no `/`, `\`, `?`, `#`, `%`, spaces or
// control characters, which would change the request path). These regexes guide the editor; the
// node checks every ID it sends with the core's rule (idParameter, trackerRequest), URLs' included.
import type { IDisplayOptions, INodeProperties, INodePropertyMode } from 'n8n-workflow';
import { RESOURCE_ID_PATTERN, SPACE_ID_PATTERN } from './generated/core';

/** The document's pattern without its anchors: the locators anchor it themselves or embed it in a URL. */
const SPACE_ID = SPACE_ID_PATTERN.replace(/^\^/, '').replace(/\$$/, '');
/** ResourceId without its anchors, at least one character (the editor's "required" is its own check). */
export const OPAQUE_ID = RESOURCE_ID_PATTERN.replace(/^\^/, '').replace(/\*\$$/, '+');

// The pieces of each mode; n8n's lint wants each mode's displayName, name and type written in `modes`.
const searchList = (searchListMethod: string) => ({ searchListMethod, searchable: true });

function byId(pattern: string, example: string, what: string): Partial<INodePropertyMode> {
  return {
    placeholder: `e.g. ${example}`,
    validation: [
      {
        type: 'regex',
        properties: { regex: `^${pattern}$`, errorMessage: `Not a valid ${what} ID` },
      },
    ],
  };
}

/** Any address whose path has `/<segment>/<id>`: the web console's or the API's own. */
function byUrl(segment: string, pattern: string, example: string, what: string): Partial<INodePropertyMode> {
  const regex = `https?://[^\\s]+/${segment}/(${pattern})(?:[/?#].*)?`;
  return {
    placeholder: `e.g. ${example}`,
    extractValue: { type: 'regex', regex },
    validation: [
      {
        type: 'regex',
        properties: { regex, errorMessage: `Not a ${what} URL: it needs /${segment}/ followed by the ID` },
      },
    ],
  };
}

export function spaceLocator(displayOptions?: IDisplayOptions): INodeProperties {
  return {
    displayName: 'Space',
    name: 'spaceId',
    type: 'resourceLocator',
    default: { mode: 'list', value: '' },
    required: true,
    description: 'The space, picked from your spaces, or given by ID or URL',
    displayOptions,
    modes: [
      { displayName: 'From List', name: 'list', type: 'list', typeOptions: searchList('searchSpaces') },
      {
        displayName: 'By ID',
        name: 'id',
        type: 'string',
        ...byId(SPACE_ID, 'spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7', 'space'),
      },
      {
        displayName: 'By URL',
        name: 'url',
        type: 'string',
        ...byUrl(
          'spaces',
          SPACE_ID,
          'https://app.example.com/spaces/spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7',
          'space',
        ),
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
    description: 'The tracker, picked from the trackers of your spaces, or given by ID or URL',
    displayOptions,
    modes: [
      { displayName: 'From List', name: 'list', type: 'list', typeOptions: searchList('searchTrackers') },
      {
        displayName: 'By ID',
        name: 'id',
        type: 'string',
        ...byId(OPAQUE_ID, 'trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10', 'tracker'),
      },
      {
        displayName: 'By URL',
        name: 'url',
        type: 'string',
        ...byUrl(
          'trackers',
          OPAQUE_ID,
          'https://app.example.com/trackers/trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10',
          'tracker',
        ),
      },
    ],
  };
}

/** A run of the chosen tracker: newest first from the list, or by ID. */
export function runLocator(displayOptions: IDisplayOptions): INodeProperties {
  return {
    displayName: 'Run',
    name: 'runId',
    type: 'resourceLocator',
    default: { mode: 'list', value: '' },
    required: true,
    description: "The run, picked from the tracker's runs or given by ID",
    displayOptions,
    modes: [
      { displayName: 'From List', name: 'list', type: 'list', typeOptions: searchList('searchRuns') },
      {
        displayName: 'By ID',
        name: 'id',
        type: 'string',
        ...byId(OPAQUE_ID, 'run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11', 'run'),
      },
    ],
  };
}

/** A vault source of the chosen tracker: from the list, or by ID. */
export function sourceLocator(displayOptions: IDisplayOptions): INodeProperties {
  return {
    displayName: 'Source',
    name: 'sourceId',
    type: 'resourceLocator',
    default: { mode: 'list', value: '' },
    required: true,
    description: "The vault source, picked from the tracker's sources or given by ID",
    displayOptions,
    modes: [
      { displayName: 'From List', name: 'list', type: 'list', typeOptions: searchList('searchSources') },
      {
        displayName: 'By ID',
        name: 'id',
        type: 'string',
        ...byId(OPAQUE_ID, 'src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00', 'source'),
      },
    ],
  };
}

export function show(resource: string, operation: string[]): IDisplayOptions {
  return { show: { resource: [resource], operation } };
}
