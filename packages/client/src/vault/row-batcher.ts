// vault.uploadRows: the core's planner cuts any number of rows into requests within the row and
// byte limits; this file feeds it and sends each batch (paced and retried by the caller).
import {
  createUploadPlanner,
  type PlannedBatch,
  uploadHeadProblems,
  type VaultRow,
  type VaultUploadResponse,
} from '@trackerkit/core';
import { validationError } from '../errors.ts';
import { throwIfAny } from '../validate/requests.ts';

export interface UploadRowsInput {
  source_name: string;
  rows: Iterable<VaultRow> | AsyncIterable<VaultRow>;
  description?: string | undefined;
}

export interface BatchInfo {
  /** 0-based batch number. */
  index: number;
  rows: number;
  bytes: number;
  response: VaultUploadResponse;
}

export interface UploadRowsOptions {
  signal?: AbortSignal | undefined;
  onBatch?: ((batch: BatchInfo) => void) | undefined;
}

export interface UploadRowsResult {
  source_id: string;
  batches: number;
  rows_processed: number;
}

/** Sends one serialized batch (paced and retried by the caller's transport). */
type SendBatch = (body: string, signal: AbortSignal | undefined) => Promise<VaultUploadResponse>;

/** Rows handed to the planner at a time from an iterable that is not an array. */
const FEED_ROWS = 1024;

export async function uploadRows(
  input: UploadRowsInput,
  send: SendBatch,
  options: UploadRowsOptions = {},
): Promise<UploadRowsResult> {
  const head = { source_name: input.source_name, description: input.description };
  throwIfAny(uploadHeadProblems(head));
  const planner = createUploadPlanner(head);
  let batches = 0;
  let processed = 0;
  let sourceId: string | undefined;

  const sendAll = async (planned: PlannedBatch[]) => {
    for (const batch of planned) {
      const response = await send(batch.body, options.signal);
      sourceId ??= response.source_id;
      processed += response.rows_processed;
      options.onBatch?.({ index: batches, rows: batch.rows, bytes: batch.bytes, response });
      batches += 1;
    }
  };
  const feed = async (rows: readonly unknown[]) => {
    const { batches: planned, problem } = planner.add(rows);
    await sendAll(planned);
    throwIfAny(problem ? [problem] : []);
  };

  const source = input.rows;
  if (Array.isArray(source)) await feed(source);
  else {
    const pending: unknown[] = [];
    // A plain loop for sync iterables: `for await` would cost a promise per row.
    const iterate = Symbol.iterator in source ? source : undefined;
    if (iterate) {
      for (const row of iterate) {
        pending.push(row);
        if (pending.length >= FEED_ROWS) await feed(pending.splice(0));
      }
    } else {
      for await (const row of source as AsyncIterable<VaultRow>) {
        pending.push(row);
        if (pending.length >= FEED_ROWS) await feed(pending.splice(0));
      }
    }
    if (pending.length > 0) await feed(pending);
  }
  const last = planner.finish();
  if (last) await sendAll([last]);
  if (sourceId === undefined) throw validationError('rows', 'minItems: 1', 'there are no rows to upload');
  return { source_id: sourceId, batches, rows_processed: processed };
}
