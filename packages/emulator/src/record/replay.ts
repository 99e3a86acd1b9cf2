import type { IncomingMessage } from 'node:http';
import type { App } from '../app.ts';
import type { Dispatched, Seen } from '../http/api-dispatch.ts';
import { API_PREFIX } from '../http/server.ts';
import { loadPaths } from '../routing/operations.ts';
import { readArrival } from './arrival.ts';
import { matchKey, type RecordedExchange, recordedBody, replyOf } from './recording.ts';

/** Status of a request the recording has no answer for: the emulator cannot answer it. */
const REPLAY_MISS_STATUS = 501;
/** Header on that answer: `miss` (never recorded) or `exhausted` (every recorded answer used). */
const REPLAY_HEADER = 'x-trackerkit-replay';

/**
 * The `/v1` dispatcher of `--replay`: each request takes the next unused answer recorded for a
 * request with the same match key (see matchKey), so identical requests get their answers in the
 * recorded order. No upstream, no state: a request with no answer left is refused with 501 and
 * `x-trackerkit-replay`, and its method, path and operation are named in `detail` and the log.
 */
export function createReplayDispatcher(app: App, exchanges: readonly RecordedExchange[]) {
  const paths = loadPaths();
  const queues = new Map<string, RecordedExchange[]>();
  for (const exchange of exchanges) {
    const key = matchKey(exchange);
    const queue = queues.get(key);
    if (queue) queue.push(exchange);
    else queues.set(key, [exchange]);
  }
  const recordedFor = new Map<string, number>();
  for (const exchange of exchanges) {
    const name = exchange.operation_id ?? `${exchange.method} ${exchange.path}`;
    recordedFor.set(name, (recordedFor.get(name) ?? 0) + 1);
  }
  const used = new Map<string, number>();

  return async function replay(
    req: IncomingMessage,
    path: string,
    search: URLSearchParams,
    seen: Seen = {},
  ): Promise<Dispatched> {
    const arrival = await readArrival(app, paths, req, path, seen);
    if ('refused' in arrival) return arrival.refused;
    const { method, op, params, raw } = arrival;
    // Redacted as the recording was, so the same request has the same key.
    const redact = app.credentials.of(req.headers, search);
    const request = {
      method,
      path: redact.path(`${API_PREFIX}${path}`),
      operation_id: op?.operationId ?? null,
      params: redact.params(params),
      query: redact.query(search),
      request_body: await recordedBody(raw, req.headers['content-type'], redact),
    };
    const key = matchKey(request);
    const queue = queues.get(key);
    const taken = used.get(key) ?? 0;
    const exchange = queue?.[taken];
    if (exchange) {
      used.set(key, taken + 1);
      return { op, reply: replyOf(exchange) };
    }
    const name = request.operation_id ?? `${method} ${request.path}`;
    const others = recordedFor.get(name) ?? 0;
    const why = queue
      ? `all ${queue.length} answer(s) recorded for it were already used`
      : others > 0
        ? `${others} request(s) of ${name} were recorded, none with these parameters${method === 'GET' ? '' : ' and body'}`
        : 'nothing was recorded for it';
    const query = Object.entries(request.query)
      .flatMap(([name, values]) => [values].flat().map((value) => `${name}=${value}`))
      .join('&');
    const detail = `No recording for ${method} ${request.path}${query ? `?${query}` : ''} (${request.operation_id ?? 'no operation'}): ${why}`;
    app.log(`@trackerkit/emulator: replay: ${detail}`);
    return {
      op,
      reply: {
        status: REPLAY_MISS_STATUS,
        body: { detail },
        headers: { [REPLAY_HEADER]: queue ? 'exhausted' : 'miss' },
      },
      offContract: true,
    };
  };
}
