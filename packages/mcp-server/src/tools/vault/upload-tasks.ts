// upload_vault_data's task backing. Paced to the service's upload limit (LIMITS.uploadsPerWindow
// requests a window, LIMITS.uploadRowsMax rows a request), an upload of many rows takes minutes to
// an hour. The server process that took the call sends them; the task is the rows the service
// holds, so any replica answers for it from the sealed handle and the source's data_count:
//
// - Before a task exists, every row is read and checked (a URL's body kept in a temporary file),
//   the source's count is taken, and the first batch is stored: a refused upload (a bad row, an
//   unknown tracker) is the tool's error, as without tasks, and no task is made.
// - The process sending the rows answers from what it knows: each stored batch, then the tool's
//   own result (its resume hint when a batch fails). It keeps that until the deadline below.
// - Any other replica (or this one after a restart) asks the service: the upload is done when the
//   source holds `rows` more items than before it (one item per row: an assumption, see the
//   README; rows another upload adds to the same source meanwhile count too). It has stopped when
//   it is still short at the deadline, one full upload window per batch after the start, long
//   past what pacing and retries take. Both answers end `completed`.
// - tasks/cancel stops the sending at its next batch when it reaches the process sending the rows;
//   elsewhere it is acknowledged and changes nothing, and the task's message says so.
import { randomUUID } from 'node:crypto';
import { LIMITS, paginate, type UploadHead } from '@trackerkit/core';
import { z } from 'zod';
import type { TrackerClientLike } from '../../service/tracker-client-like.ts';
import type { TaskBacking, TaskStart, TaskStartContext, TaskState } from '../../tool-api/task-backing.ts';
import type { ToolResult } from '../../tool-api/tool-context.ts';
import { describeToolError, ToolInputError } from '../../tool-api/tool-errors.ts';
import {
  countRows,
  openRows,
  type RowArgs,
  resumeHint,
  sendRows,
  type UploadedRows,
  uploadedResult,
} from './upload-rows.ts';

const TOOL = 'upload_vault_data';
const WINDOW_MS = LIMITS.uploadWindowSeconds * 1000;
const NOT_HERE = 'Cancelling stops it only on the server process sending the rows.';

const uploadFields = z.object({
  trackerId: z.string(),
  sourceName: z.string(),
  /** The source's data_count before the upload (0: no such source yet). */
  before: z.int(),
  rows: z.int(),
  batches: z.int(),
  /** skip_rows of the call, and where the rows came from: for the resume hint. */
  first: z.int(),
  from: z.string(),
  /** Still short of `rows` after this (ms since the epoch), the upload has stopped. */
  deadline: z.number(),
  /** The upload in the process sending it. */
  id: z.string(),
});
type UploadFields = z.infer<typeof uploadFields>;

interface Upload {
  stored: number;
  sourceId: string;
  stop: AbortController;
  /** The tool's result once the sending ended, or what ended it before any row was stored. */
  result?: ToolResult<unknown>;
  refused?: unknown;
}

/** The uploads this process is sending (or sent, until their deadline), by id. */
const sending = new Map<string, Upload>();

/** The tracker's source named `name`, through the core's paging rule. */
async function findSource(client: TrackerClientLike, trackerId: string, name: string) {
  for await (const source of paginate({}, (q) => client.vault.listSources(trackerId, q)))
    if (source.name === name) return source;
  return undefined;
}

const working = (statusMessage: string): TaskState => ({ status: 'working', statusMessage });
const completed = (statusMessage: string, result: ToolResult<unknown>): TaskState => ({
  status: 'completed',
  statusMessage,
  result,
});

/** The task's state as the service shows it: for a replica that is not sending the rows. */
async function stateFromService(f: UploadFields, client: TrackerClientLike): Promise<TaskState> {
  const source = await findSource(client, f.trackerId, f.sourceName);
  const stored = Math.max(0, (source?.data_count ?? f.before) - f.before);
  const where = source ? `source ${source.source_id}` : `source "${f.sourceName}"`;
  if (source && stored >= f.rows) {
    const structured = { source_id: source.source_id, batches: f.batches, rows_processed: f.rows };
    return completed(`All ${f.rows} rows stored.`, uploadedResult(structured, f.sourceName));
  }
  if (Date.now() < f.deadline) return working(`${stored} of ${f.rows} rows stored in ${where}. ${NOT_HERE}`);
  const text = `${TOOL}: the upload stopped: ${stored} of ${f.rows} rows (counted as the service counts the source's items) are stored in ${where}. To finish, ${resumeHint(f.from, f.first, stored)}.`;
  return completed(`Stopped at ${stored} of ${f.rows} rows.`, { structured: undefined, text, isError: true });
}

export const uploadTaskBacking: TaskBacking<UploadFields> = {
  kind: 'upload',
  fields: uploadFields,
  ttlMs: null,
  // About the pace of the upload limit's requests.
  pollIntervalMs: Math.ceil(WINDOW_MS / LIMITS.uploadsPerWindow),
  async state(f, { client }) {
    const upload = sending.get(f.id);
    if (!upload) return stateFromService(f, client);
    if (upload.result) {
      const ended = upload.result.isError
        ? `Stopped at ${upload.stored} of ${f.rows} rows.`
        : `All ${f.rows} rows stored.`;
      return completed(ended, upload.result);
    }
    return working(`${upload.stored} of ${f.rows} rows stored in source ${upload.sourceId}.`);
  },
  async cancel(f) {
    sending.get(f.id)?.stop.abort(new DOMException('The task was cancelled.', 'AbortError'));
  },
};

/**
 * Starts sending the rows of `args` as a task: answers once the first batch is stored (or the
 * upload ended before one was), with the handle's fields.
 */
export async function startUploadTask(
  trackerId: string,
  head: UploadHead,
  args: RowArgs,
  context: TaskStartContext,
): Promise<TaskStart<UploadFields, UploadedRows>> {
  const stop = new AbortController();
  // Until the task exists, the call's end is the upload's: a client gone before it learns the
  // task's id must not leave an upload it cannot follow (its retry would send the rows again).
  const callEnded = () => stop.abort(context.signal?.reason);
  if (context.signal?.aborted) callEnded();
  else context.signal?.addEventListener('abort', callEnded, { once: true });
  try {
    return await startSending(trackerId, head, args, context, stop);
  } finally {
    context.signal?.removeEventListener('abort', callEnded);
  }
}

async function startSending(
  trackerId: string,
  head: UploadHead,
  args: RowArgs,
  context: TaskStartContext,
  stop: AbortController,
): Promise<TaskStart<UploadFields, UploadedRows>> {
  const opened = await openRows(args, { options: context.options, signal: stop.signal });
  let counted: { rows: number; batches: number };
  let before: number;
  try {
    counted = await countRows(opened.read(), head);
    if (counted.rows === 0)
      throw new ToolInputError(args.path !== undefined ? 'path' : 'url', 'holds no rows to upload');
    before = (await findSource(context.client, trackerId, head.source_name))?.data_count ?? 0;
  } catch (error) {
    await opened.close();
    throw error;
  }
  const id = randomUUID();
  const now = Date.now();
  const fields: UploadFields = {
    trackerId,
    sourceName: head.source_name,
    before,
    ...counted,
    first: args.skip_rows ?? 0,
    from: opened.from,
    deadline: now + (counted.batches + 1) * WINDOW_MS,
    id,
  };
  const upload: Upload = { stored: 0, sourceId: '', stop };
  let firstBatch = () => {};
  const started = new Promise<void>((resolve) => {
    firstBatch = resolve;
  });
  void sendRows(trackerId, head, opened, fields.first, {
    client: context.client,
    signal: stop.signal,
    onStored(stored, sourceId) {
      upload.stored = stored;
      upload.sourceId = sourceId;
      firstBatch();
    },
  })
    .then(
      (result) => {
        upload.result = result;
      },
      (error: unknown) => {
        if (upload.stored === 0) upload.refused = error;
        upload.result = { structured: undefined, text: describeToolError(TOOL, error), isError: true };
      },
    )
    .finally(() => {
      firstBatch();
      // A temporary file left behind is not the upload's failure, nor a reason to stop the process.
      return opened.close().catch(() => {});
    });
  await started;
  if (upload.refused !== undefined) throw upload.refused;
  sending.set(id, upload);
  // Past the deadline every replica gives the same answer from the service.
  setTimeout(() => sending.delete(id), Math.min(fields.deadline - now, 2 ** 31 - 1)).unref();
  const result = upload.result ?? {
    structured: { source_id: upload.sourceId, batches: 1, rows_processed: upload.stored },
    text: `Stored ${upload.stored} of ${counted.rows} rows in source ${upload.sourceId} "${head.source_name}"; the other ${counted.batches - 1} batches follow as this task.`,
  };
  return {
    fields,
    statusMessage: `Uploading ${counted.rows} rows to source ${upload.sourceId} in ${counted.batches} batches.`,
    result: result as ToolResult<UploadedRows>,
  };
}
