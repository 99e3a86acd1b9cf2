import { LIMITS, type Problem, problem, type VaultRow } from '@trackerkit/core';
import { z } from 'zod';
import { documentField } from '../../document-fields.ts';
import { resolveUnderRoots } from '../../files/files-root.ts';
import { fileBytes, ROW_FORMATS, readRows, rowFormatOf } from '../../files/row-source.ts';
import { fetchUrlBytes } from '../../files/url-fetch.ts';
import { definedOnly, trackerId } from '../../schemas.ts';
import { CREATES, defineTool, type ToolContext } from '../../tool-definition.ts';
import { PartialSuccessError } from '../../tool-errors.ts';

interface RowArgs {
  rows?: unknown[] | undefined;
  path?: string | undefined;
  url?: string | undefined;
  format?: (typeof ROW_FORMATS)[number] | undefined;
  skip_rows?: number | undefined;
}

/** Exactly one place the rows come from. */
function sourceProblems(args: RowArgs): Problem[] {
  const given = [args.rows, args.path, args.url].filter((value) => value !== undefined).length;
  if (given !== 1) return [problem(['rows'], 'give exactly one of rows, path or url')];
  if (args.rows !== undefined && args.skip_rows !== undefined) {
    return [problem(['skip_rows'], 'only with path or url')];
  }
  return [];
}

/** The rows as a stream, and what to call them in messages ("rows[...]", "rows of data.csv"). */
async function openRows(args: RowArgs, context: ToolContext) {
  if (args.rows !== undefined)
    return { rows: args.rows as VaultRow[], from: 'rows', total: args.rows.length };
  const skip = args.skip_rows ?? 0;
  if (args.path !== undefined) {
    const real = await resolveUnderRoots(args.path, context.options.filesRoots);
    const format = args.format ?? rowFormatOf('path', real);
    return {
      rows: readRows('path', fileBytes(real), format, skip),
      from: `rows of ${args.path}`,
      total: undefined,
    };
  }
  const { allowPrivateUrls, lookup, connect } = context.options;
  const fetched = await fetchUrlBytes(
    args.url as string,
    { allowPrivate: allowPrivateUrls, lookup, connect },
    context.signal,
  );
  const format = args.format ?? rowFormatOf('url', fetched.url.pathname, fetched.type);
  return {
    rows: readRows('url', fetched.bytes, format, skip),
    from: `rows of ${args.url}`,
    total: undefined,
  };
}

export const uploadVaultData = defineTool({
  name: 'upload_vault_data',
  title: 'Upload rows to the vault',
  description: `Add JSON rows to a vault source, as context for runs (an existing source_name is appended to): a few as rows; many by path (.json array, .jsonl or .csv with header, under --files-root) or url, sent ${LIMITS.uploadRowsMax} a request. Free. Next: run_tracker.`,
  toolset: 'vault',
  operationId: 'uploadVaultData',
  input: z.strictObject({
    tracker_id: trackerId,
    source_name: documentField('VaultJsonUpload', 'source_name'),
    rows: z.array(z.record(z.string(), z.unknown())).min(1).optional().describe('JSON objects, one per row.'),
    path: z.string().min(1).optional().describe('File under --files-root.'),
    url: z.string().min(1).optional().describe('http(s) URL of such a file.'),
    format: z.enum(ROW_FORMATS).optional().describe('If the extension does not tell.'),
    skip_rows: z.int().min(0).optional().describe('Rows of path/url to skip (resume).'),
    description: documentField('VaultJsonUpload', 'description').optional(),
  }),
  output: z.object({ source_id: z.string(), batches: z.int(), rows_processed: z.int() }),
  annotations: CREATES,
  reportsProgress: true,
  check: sourceProblems,
  async handler({ tracker_id, rows: inline, path, url, format, skip_rows, ...source }, context) {
    const opened = await openRows({ rows: inline, path, url, format, skip_rows }, context);
    const first = skip_rows ?? 0;
    const total = opened.total === undefined ? undefined : Math.ceil(opened.total / LIMITS.uploadRowsMax);
    let sent = 0;
    let stored = 0;
    let storedIn = '';
    const result = await context.client.vault
      .uploadRows(
        tracker_id,
        { ...definedOnly(source), rows: opened.rows },
        {
          signal: context.signal,
          onBatch: (batch) => {
            sent += 1;
            stored += batch.rows;
            storedIn = batch.response.source_id;
            const of = total === undefined ? '' : ` of about ${total}`;
            void context
              .reportProgress(stored, opened.total, `Uploaded batch ${sent}${of} (${stored} rows)`)
              .catch(() => {});
          },
        },
      )
      .catch((error: unknown) => {
        // Batches already sent are stored: a plain retry would add them twice.
        if (stored === 0) throw error;
        const last = first + stored - 1;
        const resume =
          opened.from === 'rows'
            ? `call again with only the rows from index ${stored} on`
            : `call again with skip_rows ${first + stored}`;
        throw new PartialSuccessError(
          error,
          `${opened.from}[${first}..${last}] (${stored} rows, confirmed by the service) are stored in source ${storedIn}; rows from index ${first + stored} on are not confirmed (a batch in flight when the call stopped may have arrived: get_vault_source shows data_count). To finish, ${resume}.`,
        );
      });
    const structured = {
      source_id: result.source_id,
      batches: result.batches,
      rows_processed: result.rows_processed,
    };
    return {
      structured,
      text: `Uploaded ${result.rows_processed} rows to source ${result.source_id} "${source.source_name}" in ${result.batches} batches.`,
    };
  },
});
