// Vault upload of rows: any number of rows, batched by the client under the document's row and byte
// limits and paced to the upload rate limit (the core's planner and pacer).
import { createAction, Property } from '@activepieces/pieces-framework';
import type { VaultRow } from '@trackerkit/client';
import { LIMITS } from '@trackerkit/core';
import { clientOf, trackerAuth } from '../auth.ts';
import { jsonRows } from '../inputs.ts';
import { spaceDropdown, trackerDropdown } from '../props.ts';

export const uploadRows = createAction({
  auth: trackerAuth,
  name: 'upload_vault_rows',
  displayName: 'Upload Vault Rows',
  description: 'Adds rows (JSON objects) to a vault source of a tracker',
  props: {
    space: spaceDropdown(),
    tracker: trackerDropdown(),
    sourceName: Property.ShortText({
      displayName: 'Source name',
      description: 'Rows sent under a name that exists already are added to that source',
      required: true,
    }),
    description: Property.LongText({ displayName: 'Source description', required: false }),
    rows: Property.Json({
      displayName: 'Rows',
      description: `A JSON array of objects (one object is one row). More than ${LIMITS.uploadRowsMax} rows are sent in several requests.`,
      required: true,
    }),
  },
  async run({ auth, propsValue: p }) {
    const rows = jsonRows(p.rows, 'rows') as VaultRow[];
    return clientOf(auth).vault.uploadRows(p.tracker as string, {
      source_name: p.sourceName,
      rows,
      ...(p.description ? { description: p.description } : {}),
    });
  },
});
