// subscriptions/listen (2026-07-28): the SDK's entries own the stream (the ack, the filter, the
// subscription id, keep-alives, teardown) and deliver the resource updates a server sends; they do
// not say which resources a listen asked for. This module reads that from the listen request
// itself, before the entry sees it, and watches those URIs (resource-subscriptions.ts, run-watch.ts)
// for as long as the listen is open. Over HTTP (http-server.ts) the updates go on createMcpHandler's
// bus; over stdio (stdio-listen.ts) through the connection's instance, which serveStdio routes to
// the listening subscriptions.
//
// The baseline poll is taken before the entry acks, so a run finished after the ack is reported. A
// tracker or run URI the token cannot read is the resource miss, as for resources/subscribe: the
// listen is answered with that error instead of an ack. A URI that is not a tracker's (a static
// resource) is acknowledged by the SDK and never updated.
import {
  type JSONRPCErrorResponse,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  type RequestId,
} from '@modelcontextprotocol/server';
import type { Run } from '@trackerkit/core';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import { targetOf, updatedParams, watchUri } from './resource-subscriptions.ts';
import type { RunWatch } from './run-watch.ts';

/** A 2026-07-28 subscriptions/listen request: its id and the resource URIs it asks for. */
export interface ListenRequest {
  id: RequestId;
  uris: string[];
}

/**
 * The listen request in a parsed message, when it is one: a request of method subscriptions/listen
 * carrying the 2026-07-28 envelope (a 2025-era session has no such method; the SDK answers it).
 */
export function listenRequestOf(message: unknown): ListenRequest | undefined {
  const request = message as {
    id?: unknown;
    method?: unknown;
    params?: { _meta?: Record<string, unknown>; notifications?: { resourceSubscriptions?: unknown } };
  };
  if (request?.method !== 'subscriptions/listen') return undefined;
  if (typeof request.id !== 'string' && typeof request.id !== 'number') return undefined;
  if (request.params?._meta?.[PROTOCOL_VERSION_META_KEY] === undefined) return undefined;
  const uris = request.params?.notifications?.resourceSubscriptions;
  return {
    id: request.id,
    uris: Array.isArray(uris)
      ? [...new Set(uris.filter((uri): uri is string => typeof uri === 'string'))]
      : [],
  };
}

/** Whether `uri` is one whose updates this server sends (a tracker's or a run's). */
export const servesUri = (uri: string) => {
  try {
    targetOf(uri);
    return true;
  } catch {
    return false;
  }
};

/**
 * Watches the URIs of one listen, read with `client`, until `closed` aborts. Resolves once every
 * baseline poll answered; rejects with the first refusal (the resource miss, ...) after stopping
 * what had started.
 */
export async function feedListen(
  uris: readonly string[],
  dependencies: {
    client: TrackerClientLike;
    watch: RunWatch;
    closed: AbortSignal;
    notify: (params: ReturnType<typeof updatedParams>) => void;
  },
): Promise<void> {
  const { client, watch, closed, notify } = dependencies;
  const started = await Promise.allSettled(
    uris
      .filter(servesUri)
      .map((uri) => watchUri(uri, { client, watch, onRun: (run: Run) => notify(updatedParams(uri, run)) })),
  );
  const stops = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const stopAll = () => {
    for (const stop of stops) stop();
  };
  const refused = started.find((outcome) => outcome.status === 'rejected');
  if (refused) {
    stopAll();
    throw refused.reason;
  }
  if (closed.aborted) stopAll();
  else closed.addEventListener('abort', stopAll, { once: true });
}

/** The answer to a listen that was refused: the error watchUri gave, on the wire. */
export function listenRefusal(id: RequestId, error: unknown): JSONRPCErrorResponse {
  const refusal =
    error instanceof ProtocolError
      ? error
      : new ProtocolError(ProtocolErrorCode.InternalError, `subscriptions/listen failed: ${String(error)}`);
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: refusal.code,
      message: refusal.message,
      ...(refusal.data === undefined ? {} : { data: refusal.data }),
    },
  };
}
