import type { IncomingMessage } from 'node:http';
import type { App } from '../app.ts';
import type { Dispatched, Seen } from '../http/api-dispatch.ts';
import { API_PREFIX } from '../http/server.ts';
import type { Reply } from '../http/types.ts';
import { loadPaths } from '../routing/operations.ts';
import { normalisedPathProblem } from '../routing/request-target.ts';
import { readArrival } from './arrival.ts';
import { answerHeaders, type RecordedExchange, type RecordingWriter, recordedBody } from './recording.ts';

/** Longest wait for the upstream's answer. */
const UPSTREAM_TIMEOUT_MS = 60_000;

/** Request headers that belong to the connection to this emulator, not to the upstream one. */
const NOT_FORWARDED = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'content-length',
  // fetch asks for and decodes compression itself; the answer is kept decoded.
  'accept-encoding',
]);

function forwardedHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || NOT_FORWARDED.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** An upstream answer as the emulator sends it on: JSON re-sent as JSON, anything else as text. */
function replyOfUpstream(status: number, headers: Record<string, string>, text: string) {
  if (text === '') return { reply: { status, body: undefined, raw: '', headers } as Reply, json: undefined };
  try {
    const json: unknown = JSON.parse(text);
    return { reply: { status, body: json, headers } as Reply, json };
  } catch {
    return { reply: { status, body: undefined, raw: text, headers } as Reply, json: undefined };
  }
}

/**
 * The URL a request goes to: the upstream's base and the path as sent, when that path is a
 * normalised path under `/v1` (no `.` or `..` segment, encoded or not, no encoded slash or
 * backslash, no empty segment) that the URL keeps as it is; otherwise why it is not one. A dot
 * segment would take `/v1/../X` to the upstream's `/X`, outside the API.
 */
function targetOf(base: string, path: string, query: string): URL | string {
  const problem = normalisedPathProblem(path);
  if (problem) return problem;
  const target = new URL(`${base}${path}${query ? `?${query}` : ''}`);
  return target.pathname === `${new URL(base).pathname}${path}`
    ? target
    : 'the URL would not keep it as sent';
}

/**
 * The `/v1` dispatcher of `--proxy-to`: each request goes to `upstream` (a base URL ending in `/v1`)
 * as it came, credentials included, and its answer comes back as it was; with `writer`, the pair is
 * recorded, credentials redacted. Nothing runs here: no auth, state, faults or limits of this
 * emulator. A path that is not a normalised one under `/v1` is refused (400, not forwarded); an
 * upstream out of reach is a 502 with `x-trackerkit-proxy: unreachable` (neither is recorded).
 */
export function createProxyDispatcher(app: App, upstream: string, writer: RecordingWriter | null) {
  const paths = loadPaths();
  const base = upstream.replace(/\/+$/, '');
  let arrivals = 0;
  return async function proxy(
    req: IncomingMessage,
    path: string,
    search: URLSearchParams,
    seen: Seen = {},
  ): Promise<Dispatched> {
    const seq = ++arrivals;
    const arrival = await readArrival(app, paths, req, path, seen);
    if ('refused' in arrival) return arrival.refused;
    const { method, op, params, raw } = arrival;
    const redact = app.credentials.of(req.headers, search);
    const target = targetOf(base, path, search.toString());
    if (typeof target === 'string') {
      const detail = redact.text(
        `--proxy-to forwards only normalised paths under ${API_PREFIX}: ${redact.path(`${API_PREFIX}${path}`)} is not one (${target}); not forwarded`,
      );
      return {
        op,
        reply: { status: 400, body: { detail }, headers: { 'x-trackerkit-proxy': 'refused' } },
        offContract: true,
      };
    }
    let response: Response;
    let text: string;
    try {
      response = await fetch(target, {
        method,
        headers: forwardedHeaders(req),
        body: raw.length > 0 ? new Uint8Array(raw) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      const detail = `Upstream ${base} unreachable for ${method} ${redact.path(`${API_PREFIX}${path}`)}: ${cause}`;
      app.log(`@trackerkit/emulator: proxy: ${detail}`);
      const reply = { status: 502, body: { detail }, headers: { 'x-trackerkit-proxy': 'unreachable' } };
      return { op, reply, offContract: true };
    }
    const headers = answerHeaders(response.headers, redact);
    const { reply, json } = replyOfUpstream(response.status, headers, text);
    if (writer) {
      const exchange: RecordedExchange = {
        seq,
        method,
        path: redact.path(`${API_PREFIX}${path}`),
        operation_id: op?.operationId ?? null,
        params: redact.params(params),
        query: redact.query(search),
        request_headers: redact.headers(req.headers),
        request_body: await recordedBody(raw, req.headers['content-type'], redact),
        status: response.status,
        response_headers: headers,
      };
      // The upstream's answer may carry a credential too (a token echoed in an error's detail).
      if (json !== undefined) exchange.response_body = redact.json(json);
      else if (text !== '') exchange.response_text = redact.text(text);
      writer.write(exchange);
    }
    // With validateResponses the upstream's answers are checked against the document too.
    return { op, reply };
  };
}
