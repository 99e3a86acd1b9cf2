// createTrackerClient: one method per operation (the document's x-trackerkit-names), plus helpers.
import { BASE_URL_RULE, createPacer, isServiceBaseUrl } from '@trackerkit/core';
import { type Clock, realClock } from './clock.ts';
import { validationError } from './errors.ts';
import type { FetchLike } from './http/fetch-like.ts';
import { createTransport, type Transport } from './http/transport.ts';
import type { ClientContext } from './resources/context.ts';
import { createRunsApi, type RunsApi } from './resources/runs.ts';
import { createSpacesApi, type SpacesApi } from './resources/spaces.ts';
import { createTrackersApi, type TrackersApi } from './resources/trackers.ts';
import { createVaultApi, type VaultApi } from './resources/vault.ts';

export interface TrackerClientOptions {
  /** The service base address, ending in `/v1`. */
  baseUrl: string;
  token: string;
  /** How the token is sent: `Authorization: Bearer` (default) or `X-API-Key`. */
  auth?: 'bearer' | 'x-api-key';
  /** Per request attempt (default 60 000). */
  timeoutMs?: number;
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** First backoff step (default 500); later steps double, with full jitter. */
  retryBaseMs?: number;
  /** Longest backoff step when there is no Retry-After (default 30 000). */
  retryMaxMs?: number;
  userAgent?: string;
  /**
   * Sends the requests (default: the global fetch). Anything with fetch's shape for what the
   * client uses (FetchLike) will do, e.g. a keep-alive pool on undici's request.
   */
  fetch?: FetchLike;
  /** Time source for backoff, pacing and run polling (tests and benchmarks pass a virtual clock). */
  clock?: Clock;
  /** Random source in [0, 1) for backoff jitter (default Math.random). */
  random?: () => number;
}

export interface TrackerClient {
  spaces: SpacesApi;
  trackers: TrackersApi;
  runs: RunsApi;
  vault: VaultApi;
  /**
   * This client with every call also ended by `signal` (a caller's cancel, a deadline), besides
   * any signal the call is given: the same settings, connections and upload pacing.
   */
  withSignal(signal: AbortSignal): TrackerClient;
}

export const CLIENT_DEFAULTS = {
  auth: 'bearer',
  timeoutMs: 60_000,
  retries: 3,
  retryBaseMs: 500,
  retryMaxMs: 30_000,
  userAgent: `@trackerkit/client (node ${process.version})`,
} as const;

function checkNumber(name: string, value: number, min: number): number {
  if (!Number.isFinite(value) || value < min)
    throw validationError(name, `minimum: ${min}`, `${name} must be a number >= ${min}`);
  return value;
}

export function createTrackerClient(options: TrackerClientOptions): TrackerClient {
  // Without the version segment every call would be a 404 from the wrong path: refused up front.
  if (!isServiceBaseUrl(options.baseUrl)) {
    throw validationError('baseUrl', 'format: uri', `baseUrl must be ${BASE_URL_RULE}`);
  }
  if (typeof options.token !== 'string' || options.token.length === 0) {
    throw validationError('token', 'required', 'token must be a non-empty string');
  }
  const auth = options.auth ?? CLIENT_DEFAULTS.auth;
  if (auth !== 'bearer' && auth !== 'x-api-key') throw validationError('auth', 'enum: bearer | x-api-key');
  const clock = options.clock ?? realClock;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': options.userAgent ?? CLIENT_DEFAULTS.userAgent,
    ...(auth === 'bearer' ? { authorization: `Bearer ${options.token}` } : { 'x-api-key': options.token }),
  };
  const transport = createTransport({
    baseUrl: options.baseUrl,
    headers,
    timeoutMs: checkNumber('timeoutMs', options.timeoutMs ?? CLIENT_DEFAULTS.timeoutMs, 1),
    retries: checkNumber('retries', options.retries ?? CLIENT_DEFAULTS.retries, 0),
    retryBaseMs: checkNumber('retryBaseMs', options.retryBaseMs ?? CLIENT_DEFAULTS.retryBaseMs, 0),
    retryMaxMs: checkNumber('retryMaxMs', options.retryMaxMs ?? CLIENT_DEFAULTS.retryMaxMs, 0),
    fetch: options.fetch ?? globalThis.fetch,
    clock,
    random: options.random ?? Math.random,
  });
  return clientOver({ transport, clock, uploadPacer: createPacer(clock) });
}

function clientOver(ctx: ClientContext): TrackerClient {
  const trackers = createTrackersApi(ctx);
  return {
    spaces: createSpacesApi(ctx),
    trackers,
    runs: createRunsApi(ctx, trackers),
    vault: createVaultApi(ctx),
    withSignal: (signal) => clientOver({ ...ctx, transport: endedBy(ctx.transport, signal) }),
  };
}

/** `transport` with each request also ended by `signal` (combined with the request's own, if other). */
const endedBy = (transport: Transport, signal: AbortSignal): Transport => ({
  config: transport.config,
  request: (spec) =>
    transport.request({
      ...spec,
      signal: spec.signal && spec.signal !== signal ? AbortSignal.any([spec.signal, signal]) : signal,
    }),
});
