import { z } from 'zod';
import { defineTool, READ_ONLY } from '../../tool-api/tool-definition.ts';
import { sourceId, trackerId } from '../shared/schemas.ts';
import { sourceOutput, sourceResult } from './source-output.ts';

export const getVaultSource = defineTool({
  name: 'get_vault_source',
  title: 'Get a vault source',
  description:
    "One vault source's name, description, type, size and item count. get_vault_recent shows its latest items.",
  toolset: 'vault',
  operationId: 'getVaultSource',
  input: z.strictObject({ tracker_id: trackerId, source_id: sourceId }),
  output: sourceOutput,
  annotations: READ_ONLY,
  async handler(args, { client }) {
    return sourceResult('Got', await client.vault.getSource(args.tracker_id, args.source_id));
  },
});
