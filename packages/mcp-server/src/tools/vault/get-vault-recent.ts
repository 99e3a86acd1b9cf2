import { CONTENT_TYPES, LIMITS } from '@trackerkit/core';
import { z } from 'zod';
import { defineTool, READ_ONLY } from '../../tool-api/tool-definition.ts';
import { queryField } from '../shared/document-fields.ts';
import { definedOnly, trackerId } from '../shared/schemas.ts';

export const getVaultRecent = defineTool({
  name: 'get_vault_recent',
  title: 'Get recent vault items',
  description:
    'Read the newest vault items (the context runs see), optionally by content type or age; contents cut to max_chars. upload_vault_data adds more.',
  toolset: 'vault',
  operationId: 'getVaultRecent',
  input: z.strictObject({
    tracker_id: trackerId,
    limit: queryField('getVaultRecent', 'limit').default(LIMITS.recentLimitDefault),
    // An array is easier for a model than the API's comma-separated list.
    content_types: z.array(z.enum(CONTENT_TYPES)).optional(),
    since_hours: queryField('getVaultRecent', 'since_hours', 'Only items from the last N hours.').optional(),
    max_chars: z.int().min(20).default(500).describe('Cut each content to this length.'),
  }),
  output: z.object({
    items: z.array(z.record(z.string(), z.unknown())),
    total: z.int(),
  }),
  annotations: READ_ONLY,
  async handler({ tracker_id, content_types, max_chars, ...query }, { client }) {
    const response = await client.vault.recent(tracker_id, {
      ...definedOnly(query),
      ...(content_types?.length ? { content_types: content_types.join(',') } : {}),
    });
    const items = response.results.map((item) => ({
      data_id: item.data_id,
      source_name: item.source_name,
      content_type: item.content_type,
      created_at: item.created_at,
      content: item.content.length > max_chars ? `${item.content.slice(0, max_chars)}…` : item.content,
    }));
    const structured = { items, total: response.total };
    const lines = items.map((item) => JSON.stringify(item));
    return {
      structured,
      text: [`${items.length} of ${response.total} recent vault items`, ...lines].join('\n'),
    };
  },
});
