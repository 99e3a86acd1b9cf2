// The one place that talks HTTP: auth headers, per-attempt timeout, retries and error mapping.
import {
  type Attempted,
  type Outcome,
  parseRetryAfter,
  REQUEST_ID_HEADER,
  sendWithRetries,
} from '@trackerkit/core';
import {
  type ApiPath,
  detailOf,
  expandPath,
  type HttpMethod,
  outcomeOfThrown,
  parseBody,
  requestPathProblems,
} from '@trackerkit/core/http';
import type { Clock } from '../clock.ts';
import { apiErrorFor, TrackerNetworkError, TrackerTimeoutError, TrackerValidationError } from '../errors.ts';
import type { FetchLike } from './fetch-like.ts';

export interface TransportConfig {
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  retryMaxMs: number;
  fetch: FetchLike;
  clock: Clock;
  random: () => number;
}

export interface RequestSpec {
  method: HttpMethod;
  /** A path template of the document, e.g. `/api/trackers/{tracker_id}`. */
  path: ApiPath;
  params?: Record<string, string>;
  query?: object | undefined;
  /** A JSON text or a multipart form. */
  body?: string | FormData | undefined;
  signal?: AbortSignal | undefined;
  /** Overrides the client's retry count for this request. */
  retries?: number | undefined;
  /** Overrides the client's per-attempt timeout for this request. */
  timeoutMs?: number | undefined;
}

export interface Transport {
  request(spec: RequestSpec): Promise<unknown>;
  readonly config: TransportConfig;
}

function queryString(query: object | undefined): string {
  if (!query) return '';
  let out = '';
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    out += `${out ? '&' : '?'}${encodeURIComponent(key)}=${encodeURIComponent(text)}`;
  }
  return out;
}

export function createTransport(config: TransportConfig): Transport {
  const base = config.baseUrl.replace(/\/+$/, '');
  const jsonHeaders = { ...config.headers, 'content-type': 'application/json' };

  async function attempt(spec: RequestSpec, url: string, path: string): Promise<Attempted<unknown>> {
    const controller = new AbortController();
    const timeoutMs = spec.timeoutMs ?? config.timeoutMs;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const outer = spec.signal;
    const onAbort = outer ? () => controller.abort(outer.reason) : undefined;
    if (onAbort) outer?.addEventListener('abort', onAbort, { once: true });
    try {
      const res = await config.fetch(url, {
        method: spec.method,
        headers: typeof spec.body === 'string' ? jsonHeaders : config.headers,
        body: spec.body,
        signal: controller.signal,
      });
      const text = await res.text();
      if (res.ok) return { value: parseBody(text) };
      const body = parseBody(text);
      const retryAfter = res.headers.get('retry-after');
      const retryAfterMs = parseRetryAfter(retryAfter, config.clock.now());
      const error = apiErrorFor({
        status: res.status,
        method: spec.method,
        path,
        detail: detailOf(body),
        requestId: res.headers.get(REQUEST_ID_HEADER) ?? undefined,
        body,
        retryAfterMs,
      });
      const outcome: Outcome = { kind: 'status', status: res.status, retryAfter };
      return { outcome, error };
    } catch (error) {
      if (outer?.aborted) throw outer.reason;
      if (timedOut) {
        const message = `${spec.method} ${path} got no answer within ${timeoutMs} ms`;
        return { outcome: { kind: 'timeout' }, error: new TrackerTimeoutError(message, timeoutMs) };
      }
      // fetch rejects with a TypeError for every failure on the way, undici's request with the
      // failure itself: all of them are the network's.
      const outcome = outcomeOfThrown(error) ?? { kind: 'network' };
      const network = new TrackerNetworkError(spec.method, path, outcome.kind === 'refused', error);
      return { outcome, error: network };
    } finally {
      clearTimeout(timer);
      if (onAbort) outer?.removeEventListener('abort', onAbort);
    }
  }

  async function request(spec: RequestSpec): Promise<unknown> {
    spec.signal?.throwIfAborted();
    // An id the service could never have issued is refused before anything is sent.
    const problems = requestPathProblems(spec.path, spec.params);
    if (problems.length > 0) throw new TrackerValidationError(problems);
    const path = expandPath(spec.path, spec.params);
    const url = base + path + queryString(spec.query);
    const policy = {
      retries: spec.retries ?? config.retries,
      baseMs: config.retryBaseMs,
      capMs: config.retryMaxMs,
    };
    return sendWithRetries(spec.method, () => attempt(spec, url, path), policy, {
      sleep: (ms) => config.clock.sleep(ms, spec.signal),
      now: config.clock.now,
      random: config.random,
    });
  }

  return { request, config };
}
