// upload_vault_data's work, shared by its plain call and its task (tasks/upload-tasks.ts): where the
// rows come from, how many there are, and sending them with the resume hint when a batch fails.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createUploadPlanner, LIMITS, type UploadHead, type VaultRow } from '@trackerkit/core';
import { resolveUnderRoots } from '../../files/files-root.ts';
import { fileBytes, type ROW_FORMATS, readRows, rowFormatOf } from '../../files/row-source.ts';
import { fetchUrlBytes } from '../../files/url-fetch.ts';
import type { ToolOptions, ToolResult } from '../../tool-definition.ts';
import { PartialSuccessError, ToolInputError } from '../../tool-errors.ts';
import type { TrackerClientLike } from '../../tracker-client-like.ts';

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
  /** Gives back what the source holds (a URL's body kept in a temporary file). */
  close(): Promise<void>;
}

/**
 * Opens the rows `args` name. A URL is read as it arrives, once; with `replayable` its body is
 * first kept in a temporary file, so the rows can be counted before any is sent and then sent.
 */
export async function openRows(
  args: RowArgs,
  context: { options: ToolOptions; signal: AbortSignal },
  replayable = false,
): Promise<RowSource> {
  const none = async () => {};
  if (args.rows !== undefined) {
    const rows = args.rows as VaultRow[];
    return { read: () => rows, from: 'rows', total: rows.length, close: none };
  }
  const skip = args.skip_rows ?? 0;
  if (args.path !== undefined) {
    const real = await resolveUnderRoots(args.path, context.options.filesRoots);
    const format = args.format ?? rowFormatOf('path', real);
    return {
      read: () => readRows('path', fileBytes(real), format, skip),
      from: `rows of ${args.path}`,
      total: undefined,
      close: none,
    };
  }
  const { allowPrivateUrls, lookup, connect } = context.options;
  const fetched = await fetchUrlBytes(
    args.url as string,
    { allowPrivate: allowPrivateUrls, lookup, connect },
    context.signal,
  );
  const format = args.format ?? rowFormatOf('url', fetched.url.pathname, fetched.type);
  const from = `rows of ${args.url}`;
  if (!replayable)
    return { read: () => readRows('url', fetched.bytes, format, skip), from, total: undefined, close: none };
  const dir = await mkdtemp(join(tmpdir(), 'trackerkit-upload-'));
  const close = () => rm(dir, { recursive: true, force: true });
  const kept = join(dir, 'body');
  try {
    await pipeline(fetched.bytes, createWriteStream(kept), { signal: context.signal });
  } catch (error) {
    await close();
    throw new ToolInputError('url', `cannot fetch ${args.url} (${(error as Error).message})`);
  }
  return { read: () => readRows('url', fileBytes(kept), format, skip), from, total: undefined, close };
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
