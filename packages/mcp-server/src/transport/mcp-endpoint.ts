// The MCP side of the HTTP endpoint: the SDK's createMcpHandler, which serves 2026-07-28 requests
// on its modern path and 2025-era ones on its stateless legacy path, with a fresh server made for
// every request, so nothing is kept between requests and any replica can answer any request.
// A signed-in user's server carries that user's own client and account tools.
// subscriptions/listen (2026-07-28) on both identities: the polls of a stream are made with the
// token of whoever opened it, one loop per (reader, tracker) however many of their streams follow
// it (the shared token is one reader; under OAuth each user and token is one), and each update is
// published to its own stream only (stream-bus.ts). The stateless 2025-era path has no session to
// notify later: no resources/subscribe on HTTP.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AuthInfo, createMcpHandler, type McpRequestContext } from '@modelcontextprotocol/server';
import { MAX_MESSAGE_BYTES } from '../config/limits.ts';
import { calledToolName } from '../http-edge/inbound-message.ts';
import type { ResolvedOAuth } from '../oauth/oauth-settings.ts';
import type { UserSession } from '../oauth/user-client.ts';
import {
  createTrackerMcpServer,
  subscriptionPollMs,
  type TrackerMcpServerOptions,
} from '../server/server.ts';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import { KeyedRunWatches } from '../subscriptions/keyed-watches.ts';
import {
  feedListen,
  type ListenRequest,
  listenRefusal,
  listenRequestOf,
} from '../subscriptions/listen-feed.ts';
import { StreamBus } from '../subscriptions/stream-bus.ts';
import { toWebRequest, writeWebResponse } from './web-exchange.ts';

/** One request the endpoint has admitted: its verified token, its body as read and as parsed. */
export interface AdmittedRequest {
  authInfo: AuthInfo;
  body: Buffer | undefined;
  message: unknown;
  /** Aborted when the client goes away before its whole answer went out. */
  signal: AbortSignal;
}

/**
 * Feeds a listen's stream before the handler acks it (a run that finishes after the ack is
 * reported); false when the listen was refused, its answer written.
 */
async function openListen(
  listen: ListenRequest,
  stream: object,
  reader: { client: TrackerClientLike; key: string },
  feeds: { watches: KeyedRunWatches; bus: StreamBus },
  res: ServerResponse,
): Promise<boolean> {
  // The stream's watches end with its response, however it ends (the client's close, a
  // disconnect, the SDK refusing the listen or closing it).
  const ended = new AbortController();
  res.once('close', () => ended.abort());
  try {
    await feedListen(listen.uris, {
      client: reader.client,
      watch: feeds.watches.for(reader.key, reader.client),
      closed: ended.signal,
      notify: (params) => feeds.bus.publishTo(stream, { kind: 'resource_updated', uri: params.uri, params }),
    });
    return true;
  } catch (error) {
    const body = JSON.stringify(listenRefusal(listen.id, error));
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    });
    res.end(body);
    return false;
  }
}

export function createMcpEndpoint(
  options: TrackerMcpServerOptions,
  /** The shared identity's client; undefined under OAuth (each user brings their own). */
  client: TrackerClientLike | undefined,
  /** The OAuth settings, resolved once the server listens (tokens name its URL). */
  oauthOf: () => ResolvedOAuth | undefined,
) {
  const serverOptions = { ...options, client };
  // A signed-in user's session, looked up before the SDK sees the request (so a user store that
  // cannot answer is a 503 there, not a failure inside the handler) and found again by the factory.
  const sessions = new WeakMap<AuthInfo, UserSession>();
  const listenWatches = new KeyedRunWatches({
    intervalMs: subscriptionPollMs(options.subscriptionPollMs),
    onError: (trackerId, error) => options.logger?.error(`polling the runs of ${trackerId} failed`, error),
  });
  const bus = new StreamBus((error) => options.logger?.error('subscriptions/listen delivery', error));
  // A tools/call request gets a server with its one tool (server.ts `toolCall`), found by the
  // request the factory is handed: the rest of the table is never reached by that request.
  const calledTools = new WeakMap<Request, string>();
  const factory = async ({ authInfo, era, requestInfo }: McpRequestContext) => {
    const toolCall = requestInfo ? calledTools.get(requestInfo) : undefined;
    const oauth = oauthOf();
    if (!oauth)
      return createTrackerMcpServer({ ...serverOptions, subscriptions: era === 'modern', toolCall });
    const session = (authInfo && sessions.get(authInfo)) ?? (await oauth.session(authInfo));
    return createTrackerMcpServer({
      ...serverOptions,
      ...session,
      writeScopes: oauth.writeScopes,
      subscriptions: era === 'modern',
      toolCall,
    });
  };
  const handler = createMcpHandler(factory, {
    legacy: 'stateless',
    bus,
    maxRequestBodySize: MAX_MESSAGE_BYTES,
    onerror: (error) => options.logger?.error('MCP HTTP', error),
  });

  return {
    /** Looks up the signed-in user's session for this token; throws when the user store cannot answer. */
    async openSession(authInfo: AuthInfo, oauth: ResolvedOAuth): Promise<void> {
      sessions.set(authInfo, await oauth.session(authInfo));
    },

    /** Answers one admitted request through the SDK (a listen's stream fed first). */
    async serve(req: IncomingMessage, res: ServerResponse, admitted: AdmittedRequest): Promise<void> {
      const { authInfo, body, message, signal } = admitted;
      const listen = listenRequestOf(message);
      const stream = {};
      if (listen && listen.uris.length > 0) {
        const session = oauthOf() ? sessions.get(authInfo) : undefined;
        const readerClient = session?.client ?? client;
        if (!readerClient) throw new Error('subscriptions/listen: no client to read the service with');
        const reader = { client: readerClient, key: session?.readerKey ?? 'shared' };
        if (!(await openListen(listen, stream, reader, { watches: listenWatches, bus }, res))) return;
      }
      // A parsed body reaches the SDK as parsedBody, which it reads instead of the request's bytes.
      const request = toWebRequest(req, message === undefined ? body : undefined, signal);
      const toolCall = calledToolName(message);
      if (toolCall !== undefined) calledTools.set(request, toolCall);
      const fetch = () =>
        handler.fetch(request, { authInfo, ...(message === undefined ? {} : { parsedBody: message }) });
      // A listen's stream is registered inside the fetch: its updates are published to it alone.
      await writeWebResponse(await (listen ? bus.serving(stream, fetch) : fetch()), res);
    },

    async close(): Promise<void> {
      listenWatches.close();
      await handler.close();
    },
  };
}
