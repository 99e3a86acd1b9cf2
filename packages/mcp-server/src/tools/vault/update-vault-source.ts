import { LIMITS } from '@trackerkit/client';
import { z } from 'zod';
import { definedOnly, sourceId, trackerId } from '../../schemas.ts';
import { defineTool, OVERWRITES } from '../../tool-definition.ts';
import { ToolInputError } from '../../tool-errors.ts';
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
    name: z.string().min(1).max(LIMITS.sourceNameMax).optional(),
    description: z.string().max(LIMITS.sourceDescriptionMax).optional(),
  }),
  output: sourceOutput,
  annotations: OVERWRITES,
  async handler({ tracker_id, source_id, ...body }, { client }) {
    if (body.name === undefined && body.description === undefined) {
      throw new ToolInputError('name', 'give name or description (or both)');
    }
    return sourceResult('Updated', await client.vault.updateSource(tracker_id, source_id, definedOnly(body)));
  },
});
