import { createTrackerClient } from '@trackerkit/client';
import type { TrackerClientLike } from './tracker-client-like.ts';

/** A client from explicit settings or TRACKER_API_URL / TRACKER_API_TOKEN. */
export function createClientFromEnv(settings: { baseUrl?: string | undefined; token?: string | undefined }) {
  const baseUrl = settings.baseUrl ?? process.env.TRACKER_API_URL;
  const token = settings.token ?? process.env.TRACKER_API_TOKEN;
  if (!baseUrl)
    throw new Error('@trackerkit/mcp-server: set TRACKER_API_URL (the service address ending in /v1)');
  if (!token) throw new Error('@trackerkit/mcp-server: set TRACKER_API_TOKEN (an API token, qapi_...)');
  const client: TrackerClientLike = createTrackerClient({ baseUrl, token, userAgent: 'trackerkit-mcp' });
  return client;
}
