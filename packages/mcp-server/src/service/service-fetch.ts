// How the MCP server talks to the Tracker service: undici's request on one keep-alive Agent (a
// Pool per origin), not the global fetch. A tool call is one small JSON request; fetch spent more
// on its web Request, Headers and streams (and on the headers it adds: accept-encoding,
// accept-language, sec-fetch-mode) than the service spent answering. URL uploads do not come
// through here: they fetch the user's URL with a dispatcher of their own (loopback/SSRF rules).

import type { IncomingHttpHeaders } from 'node:http';
import type { FetchLike } from '@trackerkit/client';
import { Agent, type Dispatcher } from 'undici';

/** Idle connections are unreferenced and closed after this: the pool never holds a process. */
const KEEP_ALIVE_MS = 4_000;

// The client's transport bounds each attempt with its own timer and signal (timeoutMs, default
// 60 s, and per call); undici's header and body timers are left off so that one rule decides.
// Connecting keeps undici's bound (10 s), as the global fetch does.
const agent = new Agent({
  keepAliveTimeout: KEEP_ALIVE_MS,
  keepAliveMaxTimeout: KEEP_ALIVE_MS,
  headersTimeout: 0,
  bodyTimeout: 0,
});

const first = (value: string | string[] | undefined): string | null =>
  (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * The client's FetchLike on undici's dispatcher: the answer's bytes are gathered as they come, with
 * no stream object per response (undici's `request` wraps each body in a Readable, which costs
 * more than the small JSON answer it carries). A redirect is answered as it came (not followed: the document
 * describes no redirect in the API, and a token is not sent on to another address).
 */
export const serviceFetch: FetchLike = (url, init) => {
  // A multipart upload (a file) goes by the global fetch, as before: this undici's multipart
  // encoder does not take Node's FormData and File (each undici checks its own classes), and an
  // upload is rare beside the calls this path is for.
  const { body = null, signal } = init;
  if (body instanceof FormData) return fetch(url, init);
  if (signal.aborted) return Promise.reject(signal.reason);
  const { origin, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let status = 0;
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    const onAbort = () => controller?.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    agent.dispatch(
      {
        origin,
        path: pathname + search,
        method: init.method as Dispatcher.HttpMethod,
        headers: init.headers,
        body,
      },
      {
        onRequestStart(started) {
          controller = started;
          if (signal.aborted) started.abort(signal.reason);
        },
        onResponseStart(_controller, statusCode, responseHeaders) {
          status = statusCode;
          headers = responseHeaders;
        },
        onResponseData(_controller, chunk) {
          chunks.push(chunk);
        },
        onResponseEnd() {
          settle();
          const text = Promise.resolve(
            chunks.length === 1
              ? (chunks[0] as Buffer).toString('utf8')
              : Buffer.concat(chunks).toString('utf8'),
          );
          resolve({
            ok: status >= 200 && status < 300,
            status,
            headers: { get: (name) => first(headers[name.toLowerCase()]) },
            text: () => text,
          });
        },
        onResponseError(_controller, error) {
          settle();
          reject(error);
        },
      },
    );
  });
};
