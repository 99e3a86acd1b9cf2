// One @trackerkit/client per call, from the connection's authData. Every rule (ids, limits,
// validation, retries with Retry-After, run waiting) is the client's and the core's; this file only
// turns their errors into the ones Zapier knows how to show and schedule.
import {
  createTrackerClient,
  openapiDocument,
  TrackerApiError,
  TrackerAuthError,
  type TrackerClient,
  TrackerNotFoundError,
  TrackerRateLimitError,
  TrackerValidationError,
} from '@trackerkit/client';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { version } from './version.ts';

interface ServerEntry {
  url: string;
  'x-internal'?: boolean;
  variables?: Record<string, { default: string }>;
}

/**
 * The hosted service's address: the document's public server, its variables at their defaults (the
 * n8n credential and the MCP server ask for it; here it is the field's default).
 */
export const HOSTED_BASE_URL: string = (() => {
  const servers = (openapiDocument as unknown as { servers: ServerEntry[] }).servers;
  const hosted = servers.find((server) => server['x-internal'] === false);
  if (!hosted) throw new Error('@trackerkit/zapier: the document names no public server');
  return hosted.url.replace(/\{(\w+)\}/g, (_, name: string) => hosted.variables?.[name]?.default ?? '');
})();

export interface AuthData {
  baseUrl?: string;
  apiToken?: string;
}

/**
 * Zapier ends a trigger, action or search whose perform takes longer than 30 seconds (its operating
 * constraints): one attempt may use most of that, and a retry fits only after a quick failure.
 */
export const ZAPIER_PERFORM_MS = 30_000;
const ATTEMPT_MS = 20_000;

function clientOf(bundle: Pick<Bundle, 'authData'>): TrackerClient {
  const auth = bundle.authData as AuthData;
  return createTrackerClient({
    baseUrl: auth.baseUrl?.trim() || HOSTED_BASE_URL,
    token: auth.apiToken ?? '',
    userAgent: `@trackerkit/zapier/${version}`,
    timeoutMs: ATTEMPT_MS,
  });
}

/**
 * Runs `work` with a client and turns what it throws into Zapier's errors: bad input (refused before
 * sending, or a 4xx the service explained) is the user's to fix and does not count against the app;
 * a 429 that outlasted the client's retries becomes a ThrottledError, so Zapier retries the step
 * after the service's Retry-After; a 401/403 asks the user to reconnect.
 */
export async function withClient<T>(
  z: ZObject,
  bundle: Pick<Bundle, 'authData'>,
  work: (client: TrackerClient) => Promise<T>,
): Promise<T> {
  try {
    return await work(clientOf(bundle));
  } catch (error) {
    throw zapierError(z, error);
  }
}

function zapierError(z: ZObject, error: unknown): unknown {
  if (error instanceof TrackerValidationError) return new z.errors.Error(error.message, 'InvalidData', 400);
  if (error instanceof TrackerRateLimitError) {
    const seconds = error.retryAfterMs === undefined ? undefined : Math.ceil(error.retryAfterMs / 1000);
    return new z.errors.ThrottledError(error.message, seconds);
  }
  if (error instanceof TrackerAuthError)
    return new z.errors.Error(error.message, 'AuthenticationError', error.status);
  if (error instanceof TrackerApiError) {
    const code = error.status < 500 ? 'InvalidData' : 'ServiceError';
    return new z.errors.Error(error.message, code, error.status);
  }
  return error;
}

/** A search answers "nothing found" with an empty list, not an error. */
export async function orNothing<T>(find: () => Promise<T>): Promise<T[]> {
  try {
    return [await find()];
  } catch (error) {
    if (error instanceof TrackerNotFoundError) return [];
    throw error;
  }
}
