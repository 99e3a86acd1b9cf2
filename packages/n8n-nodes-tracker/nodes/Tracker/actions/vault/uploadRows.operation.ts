// Vault › Upload Rows: every input item becomes a row. Items are grouped by tracker and source, split
// into batches within the per-request limits, and sent one request per batch, paced to the upload
// rate limit. Runs once for all items rather than once per item.
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';
import { type Batch, batchRows, byteLength, envelopeBytes } from '../../../shared/batching';
import { LIMITS } from '../../../shared/generated/limits';
import { show, trackerLocator } from '../../../shared/locators';
import { text } from '../../../shared/mapping';
import { idParameter, mapParams, toNodeError } from '../../../shared/node-errors';
import { SlidingWindowPacer } from '../../../shared/pacer';
import { trackerRequest } from '../../../shared/transport';
import type { VaultUploadResponse } from '../../../shared/types';

const here = show('vault', ['uploadRows']);

export const description: INodeProperties[] = [
  trackerLocator(here),
  {
    displayName: 'Source Name',
    name: 'sourceName',
    type: 'string',
    required: true,
    default: '',
    placeholder: 'deliveries',
    description: `The vault source to create or append to (1-${LIMITS.sourceNameMax} characters)`,
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
        description: 'Source description for search context',
      },
      {
        displayName: 'Row Field',
        name: 'rowField',
        type: 'string',
        default: '',
        placeholder: 'row',
        description:
          "Send this field of each item (an object or a list of objects) instead of the whole item's JSON",
      },
    ],
  },
];

interface Group {
  trackerId: string;
  sourceName: string;
  description?: string;
  rows: Array<{ row: Record<string, unknown>; itemIndex: number }>;
}

const isRow = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads one item's parameters and rows; throws NodeOperationError naming the item. */
function readItem(context: IExecuteFunctions, item: INodeExecutionData, i: number) {
  const trackerId = idParameter(context, 'trackerId', i, 'Tracker');
  const sourceName = mapParams(context, i, () =>
    text('Source Name', context.getNodeParameter('sourceName', i), 1, LIMITS.sourceNameMax),
  );
  const options = context.getNodeParameter('options', i, {}) as IDataObject;
  const description = options.description ? String(options.description) : undefined;
  const field = options.rowField ? String(options.rowField) : '';
  const value: unknown = field ? item.json[field] : item.json;
  const rows = Array.isArray(value) ? value : [value];
  if (rows.length === 0 || !rows.every(isRow)) {
    throw new NodeOperationError(
      context.getNode(),
      field
        ? `Row Field: "${field}" must hold an object or a list of objects`
        : 'Each item must be a JSON object',
      { itemIndex: i },
    );
  }
  // A row that cannot fit in any request fails here, with its own item index, before any request.
  const room = LIMITS.uploadBytesMax - envelopeBytes(sourceName, description);
  for (const row of rows) {
    const bytes = byteLength(JSON.stringify(row));
    if (bytes > room) {
      throw new NodeOperationError(
        context.getNode(),
        `A row of ${bytes} bytes exceeds the upload limit of ${LIMITS.uploadBytesMax} bytes per request`,
        { itemIndex: i },
      );
    }
  }
  return { trackerId, sourceName, description, rows };
}

function collectGroups(
  context: IExecuteFunctions,
  items: INodeExecutionData[],
): { groups: Map<string, Group>; failed: INodeExecutionData[] } {
  const groups = new Map<string, Group>();
  const failed: INodeExecutionData[] = [];
  items.forEach((item, i) => {
    let read: ReturnType<typeof readItem>;
    try {
      read = readItem(context, item, i);
    } catch (error) {
      // With Continue On Fail a bad item is reported on its own; the other items are still uploaded.
      if (!context.continueOnFail()) throw toNodeError(context.getNode(), error, i);
      failed.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
      return;
    }
    const { trackerId, sourceName, description, rows } = read;
    const key = JSON.stringify([trackerId, sourceName, description]);
    const group = groups.get(key) ?? { trackerId, sourceName, description, rows: [] };
    for (const row of rows) group.rows.push({ row, itemIndex: i });
    groups.set(key, group);
  });
  return { groups, failed };
}

export async function executeAll(
  this: IExecuteFunctions,
  items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
  // Every parameter is checked, and every batch formed, before the first request.
  const plans: Array<{ group: Group; batches: Batch[] }> = [];
  const { groups, failed } = collectGroups(this, items);
  for (const group of groups.values()) {
    const batches = mapParams(this, group.rows[0]?.itemIndex ?? 0, () =>
      batchRows({
        rows: group.rows,
        sourceName: group.sourceName,
        description: group.description,
        maxRows: LIMITS.uploadRowsMax,
        maxBytes: LIMITS.uploadBytesMax,
      }),
    );
    plans.push({ group, batches });
  }

  const pacer = new SlidingWindowPacer(
    LIMITS.uploadsPerWindow,
    LIMITS.uploadWindowSeconds * 1000,
    Date.now,
    sleep,
  );
  const out: INodeExecutionData[] = [...failed];
  for (const { group, batches } of plans) {
    for (const batch of batches) {
      const pairedItem = [...new Set(batch.itemIndexes)].map((item) => ({ item }));
      await pacer.acquire();
      try {
        const body: IDataObject = { source_name: group.sourceName, data: batch.rows as IDataObject[] };
        if (group.description !== undefined) body.description = group.description;
        const response = (await trackerRequest.call(
          this,
          'POST',
          `/api/trackers/${group.trackerId}/vault/sources`,
          {
            body,
            itemIndex: batch.itemIndexes[0],
            rateLimitRetries: 5,
          },
        )) as VaultUploadResponse;
        out.push({ json: { ...response, batch_rows: batch.rows.length }, pairedItem });
      } catch (error) {
        if (!this.continueOnFail()) throw toNodeError(this.getNode(), error, batch.itemIndexes[0]);
        out.push({ json: { error: (error as Error).message, batch_rows: batch.rows.length }, pairedItem });
      }
    }
  }
  return out;
}
