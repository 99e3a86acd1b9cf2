// Vault › Upload Rows: every input item becomes a row. Items are grouped by tracker and source, the
// core's planner cuts each group into requests within the per-request limits, and the core's pacer
// spaces them to the upload rate limit. Runs once for all items rather than once per item.
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';
import { checkUploadHead } from '../../../shared/checks';
import { createPacer, LIMITS, type UploadHead } from '../../../shared/generated/core';
import { show, trackerLocator } from '../../../shared/locators';
import { idParameter, problemsError, throwIfProblems, toNodeError } from '../../../shared/node-errors';
import { trackerRequest, UPLOAD_RETRIES } from '../../../shared/transport';
import { type ItemRow, type PairedBatch, planRows } from '../../../shared/upload-plan';

const here = show('vault', ['uploadRows']);

export const description: INodeProperties[] = [
  trackerLocator(here),
  {
    displayName: 'Source Name',
    name: 'sourceName',
    type: 'string',
    required: true,
    default: '',
    placeholder: 'e.g. deliveries',
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
        placeholder: 'e.g. row',
        description:
          "Send this field of each item (an object or a list of objects) instead of the whole item's JSON",
      },
    ],
  },
];

interface Group {
  trackerId: string;
  head: UploadHead;
  rows: ItemRow[];
}

const isRow = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads one item's parameters and rows; throws NodeOperationError naming the item. */
function readItem(context: IExecuteFunctions, item: INodeExecutionData, i: number) {
  const trackerId = idParameter(context, 'trackerId', i, 'Tracker');
  const options = context.getNodeParameter('options', i, {}) as IDataObject;
  const head: UploadHead = { source_name: context.getNodeParameter('sourceName', i) as string };
  if (options.description) head.description = String(options.description);
  throwIfProblems(context.getNode(), i, checkUploadHead(head));
  // Which part of the item is the row is the node's own parameter; the rows' rules are the core's.
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
  return { trackerId, head, rows };
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
    const { trackerId, head, rows } = read;
    const key = JSON.stringify([trackerId, head.source_name, head.description]);
    const group = groups.get(key) ?? { trackerId, head, rows: [] };
    for (const row of rows) group.rows.push({ row, itemIndex: i });
    groups.set(key, group);
  });
  return { groups, failed };
}

/** A group's requests; an item with a row no request can carry fails alone under Continue On Fail. */
function planGroup(context: IExecuteFunctions, group: Group, failed: INodeExecutionData[]): PairedBatch[] {
  let rows = group.rows;
  while (rows.length > 0) {
    const plan = planRows(group.head, rows);
    if ('batches' in plan) return plan.batches;
    const error = problemsError(context.getNode(), plan.itemIndex, [plan.problem]) as NodeOperationError;
    if (!context.continueOnFail()) throw error;
    failed.push({ json: { error: error.message }, pairedItem: { item: plan.itemIndex } });
    rows = rows.filter((entry) => entry.itemIndex !== plan.itemIndex);
  }
  return [];
}

export async function executeAll(
  this: IExecuteFunctions,
  items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
  // Every parameter is checked, and every request planned, before the first request.
  const { groups, failed } = collectGroups(this, items);
  const plans = [...groups.values()].map((group) => ({ group, batches: planGroup(this, group, failed) }));

  const pacer = createPacer({ now: Date.now, sleep });
  const out: INodeExecutionData[] = [...failed];
  for (const { group, batches } of plans) {
    for (const batch of batches) {
      const pairedItem = batch.itemIndexes.map((item) => ({ item }));
      const answered = await pacer.acquire();
      try {
        const response = await trackerRequest(this, 'POST', '/api/trackers/{tracker_id}/vault/sources', {
          params: { tracker_id: group.trackerId },
          // The planner's body as it is: its byte count is the one checked against the limit.
          body: Buffer.from(batch.body),
          headers: { 'content-type': 'application/json' },
          itemIndex: batch.itemIndexes[0],
          retries: UPLOAD_RETRIES,
        });
        out.push({ json: { ...response, batch_rows: batch.rows }, pairedItem });
      } catch (error) {
        if (!this.continueOnFail()) throw toNodeError(this.getNode(), error, batch.itemIndexes[0]);
        out.push({ json: { error: (error as Error).message, batch_rows: batch.rows }, pairedItem });
      } finally {
        answered();
      }
    }
  }
  return out;
}
