import type { IncomingMessage } from 'node:http';
import type { App } from '../app.ts';
import type { Dispatched, Seen } from '../http/api-dispatch.ts';
import { loadPaths } from '../http/operations.ts';
import { API_PREFIX } from '../http/server.ts';
import type { Reply } from '../http/types.ts';
import { queryRecord, redactedHeaders } from '../journal/journal-entry.ts';
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
 * The `/v1` dispatcher of `--proxy-to`: each request goes to `upstream` (a base URL ending in `/v1`)
 * as it came, credentials included, and its answer comes back as it was; with `writer`, the pair is
 * recorded, credentials redacted. Nothing runs here: no auth, state, faults or limits of this
 * emulator. An upstream out of reach is a 502 with `x-trackerkit-proxy: unreachable` (not recorded).
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
    const query = search.toString();
    const target = `${base}${path}${query ? `?${query}` : ''}`;
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
      const detail = `Upstream ${base} unreachable for ${method} ${API_PREFIX}${path}: ${cause}`;
      app.log(`@trackerkit/emulator: proxy: ${detail}`);
      const reply = { status: 502, body: { detail }, headers: { 'x-trackerkit-proxy': 'unreachable' } };
      return { op, reply, offContract: true };
    }
    const headers = answerHeaders(response.headers);
    const { reply, json } = replyOfUpstream(response.status, headers, text);
    if (writer) {
      const exchange: RecordedExchange = {
        seq,
        method,
        path: `${API_PREFIX}${path}`,
        operation_id: op?.operationId ?? null,
        params,
        query: queryRecord(search),
        request_headers: redactedHeaders(req.headers),
        request_body: await recordedBody(raw, req.headers['content-type']),
        status: response.status,
        response_headers: headers,
      };
      if (json !== undefined) exchange.response_body = json;
      else if (text !== '') exchange.response_text = text;
      writer.write(exchange);
    }
    // With validateResponses the upstream's answers are checked against the document too.
    return { op, reply };
  };
}
