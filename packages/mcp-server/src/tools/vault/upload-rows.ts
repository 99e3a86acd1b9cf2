// upload_vault_data's work, shared by its plain call and its task (upload-tasks.ts): where the
// rows come from, how many there are, and sending them with the resume hint when a batch fails.
import { createUploadPlanner, LIMITS, type UploadHead, type VaultRow } from '@trackerkit/core';
import { overUploadLimit } from '../../files/byte-cap.ts';
import { openUnderRoots } from '../../files/files-root.ts';
import {
  fileBytes,
  type ROW_FORMATS,
  type RowFormat,
  readRows,
  rowFormatOf,
} from '../../files/row-source.ts';
import { downloadUrl } from '../../files/url-download.ts';
import type { TrackerClientLike } from '../../service/tracker-client-like.ts';
import type { ToolOptions, ToolResult } from '../../tool-api/tool-context.ts';
import { PartialSuccessError, ToolInputError } from '../../tool-api/tool-errors.ts';

export interface RowArgs {
  rows?: unknown[] | undefined;
  path?: string | undefined;
  url?: string | undefined;
  format?: (typeof ROW_FORMATS)[number] | undefined;
  skip_rows?: number | undefined;
}

/** The rows of an upload: `read` gives them from the first each time it is called. */
export interface RowSource {
  read(): VaultRow[] | AsyncIterable<VaultRow>;
  /** What messages call them ("rows", "rows of data.csv"). */
  from: string;
  /** Known up front for inline rows only. */
  total: number | undefined;
  /** Gives back what the source holds (the open file; a URL's body kept in a temporary file). */
  close(): Promise<void>;
}

/** `format` of a source just opened, or the source closed and the error thrown. */
async function formatOrClose(close: () => Promise<void>, format: () => RowFormat): Promise<RowFormat> {
  try {
    return format();
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Opens the rows `args` name: a file under the roots (a regular file, within the upload limit),
 * or a URL's body, fetched whole into a temporary file first (url-download.ts). Either is read
 * row by row as often as asked, at most the upload limit of bytes each time.
 */
export async function openRows(
  args: RowArgs,
  context: { options: ToolOptions; signal: AbortSignal },
): Promise<RowSource> {
  if (args.rows !== undefined) {
    const rows = args.rows as VaultRow[];
    return { read: () => rows, from: 'rows', total: rows.length, close: async () => {} };
  }
  const skip = args.skip_rows ?? 0;
  const limit = context.options.maxUploadBytes;
  if (args.path !== undefined) {
    const path = args.path;
    const { handle, size, path: real } = await openUnderRoots(path, context.options.filesRoots);
    const close = () => handle.close();
    const format = await formatOrClose(close, () => {
      // Refused before any row is sent: a retry with skip_rows would meet the limit again.
      if (size > limit) throw overUploadLimit('path', path, limit, size);
      return args.format ?? rowFormatOf('path', real);
    });
    const read = () => readRows('path', fileBytes(handle, limit, 'path', path), format, skip);
    return { read, from: `rows of ${path}`, total: undefined, close };
  }
  const url = args.url as string;
  const { allowPrivateUrls, lookup, connect } = context.options;
  const body = await downloadUrl(
    url,
    { allowPrivate: allowPrivateUrls, lookup, connect },
    context.signal,
    limit,
  );
  const format = await formatOrClose(
    body.close,
    () => args.format ?? rowFormatOf('url', body.url.pathname, body.type),
  );
  const read = () => readRows('url', fileBytes(body.handle, limit, 'url', url), format, skip);
  return { read, from: `rows of ${url}`, total: undefined, close: body.close };
}

/**
 * How many rows `rows` holds and in how many requests they go, each row checked as the upload
 * checks it: a row the service would refuse is found before any is sent.
 */
export async function countRows(
  rows: VaultRow[] | AsyncIterable<VaultRow>,
  head: UploadHead,
): Promise<{ rows: number; batches: number }> {
  const planner = createUploadPlanner(head);
  let count = 0;
  let batches = 0;
  const take = (chunk: VaultRow[]) => {
    const planned = planner.add(chunk);
    batches += planned.batches.length;
    if (planned.problem) throw new ToolInputError([planned.problem]);
    count += chunk.length;
  };
  if (Array.isArray(rows)) take(rows);
  else {
    const chunk: VaultRow[] = [];
    for await (const row of rows) {
      chunk.push(row);
      if (chunk.length >= LIMITS.uploadRowsMax) take(chunk.splice(0));
    }
    take(chunk);
  }
  if (planner.finish()) batches += 1;
  return { rows: count, batches };
}

export interface UploadedRows {
  source_id: string;
  batches: number;
  rows_processed: number;
}

/** The tool's result for a finished upload (its task's too, whichever replica answers). */
export const uploadedResult = (structured: UploadedRows, sourceName: string): ToolResult<UploadedRows> => ({
  structured,
  text: `Uploaded ${structured.rows_processed} rows to source ${structured.source_id} "${sourceName}" in ${structured.batches} batches.`,
});

/** What to do to finish an upload of which `stored` rows (from `first`) are stored. */
export const resumeHint = (from: string, first: number, stored: number) =>
  from === 'rows'
    ? `call again with only the rows from index ${stored} on`
    : `call again with skip_rows ${first + stored}`;

/**
 * Sends the rows, reporting each stored batch. A failure after a batch was stored says which rows
 * are stored and how to finish: a plain retry would add them twice.
 */
export async function sendRows(
  trackerId: string,
  head: UploadHead,
  source: RowSource,
  first: number,
  context: {
    client: TrackerClientLike;
    signal: AbortSignal;
    onStored(stored: number, sourceId: string, batch: number): void;
  },
): Promise<ToolResult<UploadedRows>> {
  let stored = 0;
  let storedIn = '';
  const result = await context.client.vault
    .uploadRows(
      trackerId,
      { ...head, rows: source.read() },
      {
        signal: context.signal,
        onBatch: (batch) => {
          stored += batch.rows;
          storedIn = batch.response.source_id;
          context.onStored(stored, storedIn, batch.index + 1);
        },
      },
    )
    .catch((error: unknown) => {
      if (stored === 0) throw error;
      throw new PartialSuccessError(
        error,
        `${source.from}[${first}..${first + stored - 1}] (${stored} rows, confirmed by the service) are stored in source ${storedIn}; rows from index ${first + stored} on are not confirmed (a batch in flight when the call stopped may have arrived: get_vault_source shows data_count). To finish, ${resumeHint(source.from, first, stored)}.`,
      );
    });
  return uploadedResult(
    { source_id: result.source_id, batches: result.batches, rows_processed: result.rows_processed },
    head.source_name,
  );
}
