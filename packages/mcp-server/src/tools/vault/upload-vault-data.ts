import { LIMITS } from '@trackerkit/core';
import { z } from 'zod';
import { documentField } from '../../document-fields.ts';
import { definedOnly, trackerId } from '../../schemas.ts';
import { CREATES, defineTool } from '../../tool-definition.ts';
import { PartialSuccessError } from '../../tool-errors.ts';

export const uploadVaultData = defineTool({
  name: 'upload_vault_data',
  title: 'Upload rows to the vault',
  description: `Add JSON rows (any number; sent in batches of ${LIMITS.uploadRowsMax}, paced to the upload rate limit) to a source in a tracker's vault, as context for its runs. An existing source_name is appended to. Free. Next: run_tracker.`,
  toolset: 'vault',
  operationId: 'uploadVaultData',
  input: z.strictObject({
    tracker_id: trackerId,
    source_name: documentField('VaultJsonUpload', 'source_name'),
    // Any number of rows: the client batches them by the document's row and byte limits.
    rows: z.array(z.record(z.string(), z.unknown())).min(1).describe('JSON objects, one per row.'),
    description: documentField('VaultJsonUpload', 'description').optional(),
  }),
  output: z.object({ source_id: z.string(), batches: z.int(), rows_processed: z.int() }),
  annotations: CREATES,
  async handler({ tracker_id, rows, ...source }, context) {
    const total = Math.ceil(rows.length / LIMITS.uploadRowsMax);
    let sent = 0;
    let stored = 0;
    let storedIn = '';
    const result = await context.client.vault
      .uploadRows(
        tracker_id,
        { ...definedOnly(source), rows },
        {
          signal: context.signal,
          onBatch: (batch) => {
            sent += 1;
            stored += batch.rows;
            storedIn = batch.response.source_id;
            void context
              .reportProgress(sent, total, `Uploaded batch ${sent} of about ${total}`)
              .catch(() => {});
          },
        },
      )
      .catch((error: unknown) => {
        // Batches already sent are stored: a plain retry would add them twice.
        if (stored === 0) throw error;
        throw new PartialSuccessError(
          error,
          `rows[0..${stored - 1}] (${stored} of ${rows.length}) are already stored in source ${storedIn}; call again with only the rows from index ${stored} on.`,
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
