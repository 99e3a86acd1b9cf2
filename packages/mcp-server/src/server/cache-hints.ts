// Cache hints of the 2026-07-28 revision (SEP-2549: `ttlMs`, and `cacheScope` like HTTP's
// Cache-Control public/private) for the results the SDK builds itself. Left out, the SDK sends
// `ttlMs: 0, cacheScope: 'private'` for every one of them, so a client would fetch the fixed
// catalogue again before each use. 2025-era responses carry no cache fields (the SDK's 2025
// codec has none).
import type { CacheHint } from '@modelcontextprotocol/server';

/** How long a client may reuse a catalogue listing: an hour. */
export const CATALOGUE_TTL_MS = 60 * 60 * 1000;

/**
 * The catalogue (tools, prompts, resource templates, the discover answer) is fixed for the life
 * of the process by the operator's flags (`listChanged: false`) and holds nothing of any account,
 * so any cache, a shared gateway too, may keep it for an hour: `public`.
 */
const CATALOGUE: CacheHint = { ttlMs: CATALOGUE_TTL_MS, cacheScope: 'public' };

/**
 * resources/list names the trackers of the service account (data of that account: `private`),
 * and any create_tracker or delete_tracker call changes it, so it is stale at once: `ttlMs: 0`.
 */
const ACCOUNT_DATA: CacheHint = { ttlMs: 0, cacheScope: 'private' };

export const CACHE_HINTS = {
  'tools/list': CATALOGUE,
  'prompts/list': CATALOGUE,
  'resources/templates/list': CATALOGUE,
  'server/discover': CATALOGUE,
  'resources/list': ACCOUNT_DATA,
  // A tracker or a running run changes with every tool call that touches it.
  'resources/read': ACCOUNT_DATA,
} as const satisfies Record<string, CacheHint>;
