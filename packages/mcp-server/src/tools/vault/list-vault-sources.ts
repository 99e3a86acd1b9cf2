import { z } from 'zod';
import { listResult, sourceView } from '../../rendering/views.ts';
import { defineTool, READ_ONLY } from '../../tool-api/tool-definition.ts';
import { pageArgs, pageOutput, trackerId } from '../shared/schemas.ts';

export const listVaultSources = defineTool({
  name: 'list_vault_sources',
  title: 'List vault sources',
  description:
    "A tracker's vault sources, uploaded files and row sets (compact: source_id, name, source_type, data_count, updated_at). get_vault_recent shows their latest items.",
  toolset: 'vault',
  operationId: 'listVaultSources',
  input: z.strictObject({ tracker_id: trackerId, ...pageArgs }),
  output: pageOutput,
  annotations: READ_ONLY,
  async handler(args, { client }) {
    return listResult(sourceView, 'sources', args, () =>
      client.vault.listSources(args.tracker_id, { page: args.page, page_size: args.page_size }),
    );
  },
});
