import { createTrackerClient } from '@trackerkit/client';
import { BASE_URL_RULE, isServiceBaseUrl } from '@trackerkit/core';
import { UsageError } from '@trackerkit/core/cli';
import { serviceFetch } from './service-fetch.ts';
import type { TrackerClientLike } from './tracker-client-like.ts';

/**
 * A client from explicit settings or TRACKER_API_URL / TRACKER_API_TOKEN. Missing or malformed
 * settings are usage mistakes, refused at start-up (the bin prints one line and exits 2), never at
 * the first tool call.
 */
export function createClientFromEnv(settings: { baseUrl?: string | undefined; token?: string | undefined }) {
  const baseUrl = serviceBaseUrl(settings.baseUrl);
  const token = settings.token ?? process.env.TRACKER_API_TOKEN;
  if (!token) throw new UsageError('set TRACKER_API_TOKEN or --api-token (an API token, qapi_...)');
  const client: TrackerClientLike = createTrackerClient({
    baseUrl,
    token,
    userAgent: 'trackerkit-mcp',
    fetch: serviceFetch,
  });
  return client;
}

/** The service address from the setting or TRACKER_API_URL, checked (a usage mistake otherwise). */
export function serviceBaseUrl(setting: string | undefined): string {
  const baseUrl = setting ?? process.env.TRACKER_API_URL;
  if (!baseUrl) throw new UsageError(`set TRACKER_API_URL or --api-url (${BASE_URL_RULE})`);
  if (!isServiceBaseUrl(baseUrl)) {
    throw new UsageError(`TRACKER_API_URL or --api-url must be ${BASE_URL_RULE}, got "${baseUrl}"`);
  }
  return baseUrl;
}
