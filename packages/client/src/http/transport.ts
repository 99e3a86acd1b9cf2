// The one place that talks HTTP: auth headers, per-attempt timeout, retries and error mapping.
import {
  type Attempted,
  type Outcome,
  parseRetryAfter,
  pathIdProblems,
  type paths,
  REQUEST_ID_HEADER,
  sendWithRetries,
} from '@trackerkit/core';
import type { Clock } from '../clock.ts';
import {
  apiErrorFor,
  TrackerNetworkError,
  TrackerTimeoutError,
  TrackerValidationError,
  validationError,
} from '../errors.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface TransportConfig {
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  retryMaxMs: number;
  fetch: typeof globalThis.fetch;
  clock: Clock;
  random: () => number;
}

export interface RequestSpec {
  method: Method;
  /** A path template of the document, e.g. `/api/trackers/{tracker_id}`. */
  path: keyof paths;
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

const PARAM = /\{([^}]+)\}/g;

/**
 * The path with its ids encoded. An id the service could never have issued is refused before
 * anything is sent: `encodeURIComponent` leaves `.` as it is, and fetch resolves a `..` segment,
 * so `runs.delete(trackerId, '..')` would otherwise be a DELETE of the tracker.
 */
function expandPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' || value.length === 0) {
      throw validationError(name, 'minLength: 1', `${name} must be a non-empty string`);
    }
    const problems = pathIdProblems(name, value);
    if (problems.length > 0) throw new TrackerValidationError(problems);
    return encodeURIComponent(value);
  });
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

function parseBody(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** True when fetch failed because the connection was refused, before any byte of the request was sent. */
export function isConnectionRefused(error: unknown): boolean {
  const cause = (error as { cause?: unknown })?.cause;
  const code = (e: unknown) => (e as { code?: unknown })?.code;
  if (code(cause) === 'ECONNREFUSED') return true;
  // Happy eyeballs reports one error per address tried.
  const errors = (cause as { errors?: unknown[] })?.errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every((e) => code(e) === 'ECONNREFUSED');
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
      const detail = (body as { detail?: unknown } | undefined)?.detail;
      const retryAfter = res.headers.get('retry-after');
      const retryAfterMs = parseRetryAfter(retryAfter, config.clock.now());
      const error = apiErrorFor({
        status: res.status,
        method: spec.method,
        path,
        detail: typeof detail === 'string' || Array.isArray(detail) ? detail : undefined,
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
      const refused = isConnectionRefused(error);
      const network = new TrackerNetworkError(spec.method, path, refused, error);
      return { outcome: refused ? { kind: 'refused' } : { kind: 'network' }, error: network };
    } finally {
      clearTimeout(timer);
      if (onAbort) outer?.removeEventListener('abort', onAbort);
    }
  }

  async function request(spec: RequestSpec): Promise<unknown> {
    spec.signal?.throwIfAborted();
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
