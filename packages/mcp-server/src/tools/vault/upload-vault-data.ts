import { LIMITS, type Problem, problem } from '@trackerkit/core';
import { z } from 'zod';
import { ROW_FORMATS } from '../../files/row-source.ts';
import { CREATES, defineTool } from '../../tool-api/tool-definition.ts';
import { documentField } from '../shared/document-fields.ts';
import { definedOnly, trackerId } from '../shared/schemas.ts';
import { openRows, type RowArgs, sendRows } from './upload-rows.ts';
import { startUploadTask, uploadTaskBacking } from './upload-tasks.ts';

/** Exactly one place the rows come from. */
function sourceProblems(args: RowArgs): Problem[] {
  const given = [args.rows, args.path, args.url].filter((value) => value !== undefined).length;
  if (given !== 1) return [problem(['rows'], 'give exactly one of rows, path or url')];
  if (args.rows !== undefined && args.skip_rows !== undefined) {
    return [problem(['skip_rows'], 'only with path or url')];
  }
  return [];
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
  async handler({ tracker_id, rows, path, url, format, skip_rows, ...source }, context) {
    const opened = await openRows({ rows, path, url, format, skip_rows }, context);
    const batches = opened.total === undefined ? undefined : Math.ceil(opened.total / LIMITS.uploadRowsMax);
    const of = batches === undefined ? '' : ` of about ${batches}`;
    try {
      return await sendRows(tracker_id, definedOnly(source), opened, skip_rows ?? 0, {
        client: context.client,
        signal: context.signal,
        onStored: (stored, _sourceId, batch) =>
          void context
            .reportProgress(stored, opened.total, `Uploaded batch ${batch}${of} (${stored} rows)`)
            .catch(() => {}),
      });
    } finally {
      await opened.close();
    }
  },
  // A client that takes tasks gets the upload as a task (upload-tasks.ts), whatever its size.
  task: {
    backing: uploadTaskBacking,
    start: ({ tracker_id, rows, path, url, format, skip_rows, ...source }, context) =>
      startUploadTask(tracker_id, definedOnly(source), { rows, path, url, format, skip_rows }, context),
  },
});
