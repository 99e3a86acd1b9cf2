import { z } from 'zod';
import { DELETES, defineTool } from '../../tool-api/tool-definition.ts';
import { deletedOutput, deletedResult, sourceId, trackerId } from '../shared/schemas.ts';

export const deleteVaultSource = defineTool({
  name: 'delete_vault_source',
  title: 'Delete a vault source',
  description:
    'Irreversibly delete a vault source with all its data items. Confirm with the user; list_vault_sources finds ids.',
  toolset: 'vault',
  operationId: 'deleteVaultSource',
  input: z.strictObject({ tracker_id: trackerId, source_id: sourceId }),
  output: deletedOutput,
  annotations: DELETES,
  confirm: (args) =>
    `Delete vault source ${args.source_id} of tracker ${args.tracker_id} with all its items? This cannot be undone.`,
  async handler(args, { client }) {
    const envelope = await client.vault.deleteSource(args.tracker_id, args.source_id);
    return deletedResult(`source ${args.source_id}`, envelope);
  },
});
