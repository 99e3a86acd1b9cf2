import { schemaProblems } from '@trackerkit/core';
import { z } from 'zod';
import { defineTool, OVERWRITES } from '../../tool-api/tool-definition.ts';
import { documentField } from '../shared/document-fields.ts';
import { definedOnly, sourceId, trackerId } from '../shared/schemas.ts';
import { sourceOutput, sourceResult } from './source-output.ts';

export const updateVaultSource = defineTool({
  name: 'update_vault_source',
  title: 'Rename or describe a vault source',
  description:
    'Rename a vault source or change its description (the search context); list_vault_sources finds ids. Existing data is not re-indexed.',
  toolset: 'vault',
  operationId: 'updateVaultSource',
  input: z.strictObject({
    tracker_id: trackerId,
    source_id: sourceId,
    name: documentField('VaultSourceUpdate', 'name').optional(),
    description: documentField('VaultSourceUpdate', 'description').optional(),
  }),
  output: sourceOutput,
  annotations: OVERWRITES,
  check: ({ name, description }) =>
    // VaultSourceUpdate's minProperties, said in the tool's terms.
    schemaProblems('VaultSourceUpdate', definedOnly({ name, description })).map((p) =>
      p.path.length === 0 ? { ...p, field: 'name', message: 'give name or description (or both)' } : p,
    ),
  async handler({ tracker_id, source_id, ...body }, { client }) {
    return sourceResult('Updated', await client.vault.updateSource(tracker_id, source_id, definedOnly(body)));
  },
});
