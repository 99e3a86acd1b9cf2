// Upload rows to a tracker's vault. Any number of rows: the client's uploadRows cuts them into
// requests within the document's row and byte limits and paces them to the upload rate limit.
import type { VaultRow } from '@trackerkit/client';
import type { Bundle, Create, ZObject } from 'zapier-platform-core';
import { spaceFilterField, trackerField } from '../fields.ts';
import { withClient } from '../tracker-client.ts';

/** Rows as a JSON array of objects (or one object); line items arrive as an array already. */
function rowsOf(z: ZObject, value: unknown): VaultRow[] {
  const parsed = typeof value === 'string' ? z.JSON.parse(value) : value;
  return (Array.isArray(parsed) ? parsed : [parsed]) as VaultRow[];
}

export const uploadRows = {
  key: 'upload_rows',
  noun: 'Vault Rows',
  display: {
    label: 'Upload Rows to Vault',
    description: "Adds rows of data to a tracker's vault, as one source.",
  },
  operation: {
    inputFields: [
      spaceFilterField,
      trackerField,
      {
        key: 'source_name',
        label: 'Source Name',
        required: true,
        helpText: 'Rows sent under the same name extend that source.',
      },
      { key: 'description', label: 'Source Description', required: false },
      {
        key: 'rows',
        label: 'Rows (JSON)',
        type: 'text' as const,
        required: true,
        helpText: 'A JSON array of objects, one per row, e.g. `[{"supplier": "ACME", "days_late": 3}]`.',
      },
    ],
    perform: (z: ZObject, bundle: Bundle) =>
      withClient(z, bundle, async (client) => {
        const trackerId = bundle.inputData.tracker_id as string;
        const description = bundle.inputData.description as string | undefined;
        const result = await client.vault.uploadRows(trackerId, {
          source_name: bundle.inputData.source_name as string,
          rows: rowsOf(z, bundle.inputData.rows),
          ...(description ? { description } : {}),
        });
        return { id: result.source_id, ...result };
      }),
    sample: {
      id: 'src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00',
      source_id: 'src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00',
      batches: 1,
      rows_processed: 2,
    },
    outputFields: [
      { key: 'id', label: 'Source ID' },
      { key: 'batches', label: 'Requests Sent', type: 'integer' as const },
      { key: 'rows_processed', label: 'Rows Processed', type: 'integer' as const },
    ],
  },
} satisfies Create;
