// What the read operations return for the large objects (a tracker has 15 fields, a run 11 with its
// config_snapshot): in a workflow, Simplify (on by default) keeps the fields people map; when the node
// runs as an AI agent's tool, Output chooses simplified, raw or selected fields, since every field
// costs the agent tokens.
import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { openapiDocument } from './generated/core';

export type Shaped = 'tracker' | 'run';

const schemas = openapiDocument.components.schemas;

/** Every field of the object, in the document's order: the choices of Output › Selected Fields. */
export const FIELDS: Record<Shaped, readonly string[]> = {
  tracker: schemas.Tracker.required,
  run: schemas.Run.required,
};

/** The simplified object: what a workflow maps; configuration and delivery records stay out. */
export const SIMPLE_FIELDS: Record<Shaped, readonly string[]> = {
  tracker: ['tracker_id', 'space_id', 'name', 'description', 'run_mode', 'schedule', 'last_run_at'],
  run: [
    'run_id',
    'tracker_id',
    'space_id',
    'status',
    'started_at',
    'completed_at',
    'result',
    'error_message',
  ],
};

export type OutputMode = 'simplified' | 'raw' | 'selected';

/** Keeps `fields` (in that order) of `value`; fields the object does not have are left out. */
function pick(value: IDataObject, fields: readonly string[]): IDataObject {
  const out: IDataObject = {};
  for (const field of fields) if (field in value) out[field] = value[field];
  return out;
}

export function shape(
  value: IDataObject,
  kind: Shaped,
  mode: OutputMode,
  selected: readonly string[] = [],
): IDataObject {
  if (mode === 'raw') return value;
  return pick(value, mode === 'simplified' ? SIMPLE_FIELDS[kind] : selected);
}

/** Simplify (in a workflow), or Output and Fields (as an AI tool), for one resource's operations. */
export function outputProperties(kind: Shaped, resource: string, operation: string[]): INodeProperties[] {
  const where = (extra: IDisplayOptions['show'] = {}): IDisplayOptions => ({
    show: { resource: [resource], operation, ...extra },
  });
  return [
    {
      displayName: 'Simplify',
      name: 'simplify',
      type: 'boolean',
      default: true,
      description: 'Whether to return a simplified version of the response instead of the raw data',
      displayOptions: { ...where(), hide: { '@tool': [true] } },
    },
    {
      displayName: 'Output',
      name: 'output',
      type: 'options',
      default: 'simplified',
      options: [
        {
          name: 'Simplified',
          value: 'simplified',
          description: `Only ${SIMPLE_FIELDS[kind].join(', ')}`,
        },
        { name: 'Raw', value: 'raw', description: 'Every field the service returns' },
        { name: 'Selected Fields', value: 'selected', description: 'Only the fields you choose' },
      ],
      displayOptions: where({ '@tool': [true] }),
    },
    {
      displayName: 'Fields',
      name: 'fields',
      type: 'multiOptions',
      options: FIELDS[kind].map((field) => ({ name: field, value: field })),
      default: [],
      description: 'The fields to return',
      displayOptions: where({ '@tool': [true], output: ['selected'] }),
    },
  ];
}

/** The item's output choice: Output when the node runs as a tool, else Simplify. */
export function outputChoice(context: IExecuteFunctions, i: number): { mode: OutputMode; fields: string[] } {
  const output = context.getNodeParameter('output', i, '') as OutputMode | '';
  if (output === 'selected') {
    const fields = context.getNodeParameter('fields', i, []) as string[];
    if (fields.length === 0) {
      throw new NodeOperationError(context.getNode(), 'Fields: choose at least one field', {
        itemIndex: i,
        description: 'Output is Selected Fields; no request was sent.',
      });
    }
    return { mode: 'selected', fields };
  }
  if (output) return { mode: output, fields: [] };
  return { mode: context.getNodeParameter('simplify', i, true) ? 'simplified' : 'raw', fields: [] };
}
