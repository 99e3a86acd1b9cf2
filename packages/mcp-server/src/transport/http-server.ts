// Streamable HTTP, stateless: every request is served by a fresh MCP server from the SDK's
// createMcpHandler, 2026-07-28 requests on the modern path and 2025-era ones on its stateless
// legacy path, so nothing is kept between requests and any replica can answer any request.
// In front of it, per request: Host/Origin (DNS rebinding) and the bearer token (the SDK's helpers,
// request-guard.ts), CORS, the caps on concurrent requests and body size.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AuthInfo,
  createMcpHandler,
  type McpRequestContext,
  oauthMetadataResponse,
} from '@modelcontextprotocol/server';
import { isLoopbackHost, JSON_MEDIA_TYPE, LIMITS } from '@trackerkit/core';
import { UsageError } from '@trackerkit/core/cli';
import { DEFAULT_HTTP_PORT } from './cli-options.ts';
import { createClientFromEnv, serviceBaseUrl } from './client-factory.ts';
import { addCorsHeaders, answerPreflight } from './cors.ts';
import { calledToolName, parseInbound } from './inbound-message.ts';
import { createLeanToolCalls, type LeanAnswer } from './lean-call.ts';
import { DEFAULT_MAX_CONCURRENT_REQUESTS, MAX_MESSAGE_BYTES } from './limits.ts';
import { type OAuthOptions, prepareOAuth, type ResolvedOAuth } from './oauth/oauth-settings.ts';
import { FORM_MEDIA_TYPE, handleRegistration, REGISTRATION_PATH } from './oauth/registration-page.ts';
import type { UserSession } from './oauth/user-client.ts';
import { readBodyWithin } from './read-body.ts';
import { createRequestGuard } from './request-guard.ts';
import {
  createTrackerMcpServer,
  resolveToolOptions,
  subscriptionPollMs,
  type TrackerMcpServerOptions,
} from './server.ts';
import { KeyedRunWatches } from './subscriptions/keyed-watches.ts';
import { feedListen, listenRefusal, listenRequestOf } from './subscriptions/listen-feed.ts';
import { StreamBus } from './subscriptions/stream-bus.ts';
import { selectTools } from './tools/index.ts';

export interface HttpServerOptions extends TrackerMcpServerOptions {
  /** Default 3100; 0 picks a free port. */
  port?: number;
  /** Bind address (default 127.0.0.1). */
  host?: string;
  /** Endpoint path (default /mcp). */
  path?: string;
  /**
   * Bearer token clients must send, on every interface (loopback too: any local process could
   * otherwise call the tools). When none is given, a random one is generated: see `authToken`
   * of the running server.
   */
  authToken?: string | undefined;
  /** Concurrent requests served at once (default 32); more get 503 with Retry-After. */
  maxConcurrentRequests?: number;
  allowedHosts?: readonly string[];
  allowedOrigins?: readonly string[];
  /**
   * Users sign in with OAuth (the MCP authorization spec): this server is a resource server of
   * `issuer`, and each user's calls use that user's own Tracker API token. No shared token, no
   * `authToken`.
   */
  oauth?: OAuthOptions;
  /**
   * Answer a plain tools/call without building the SDK's server for it (lean-call.ts; default
   * true). False serves every request through the SDK: the reference its tests compare against.
   */
  leanToolCalls?: boolean;
}

export interface RunningHttpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:3100/mcp. */
  url: string;
  /** The bearer token clients must send: the one given, or the generated one (none under OAuth). */
  authToken: string | undefined;
  /** True when no token was given and `authToken` was generated for this run. */
  authTokenGenerated: boolean;
  /** Requests being served now. */
  readonly inFlight: number;
  /** Tool calls answered so far without the SDK's per-request server (lean-call.ts). */
  readonly leanCalls: number;
  /**
   * Stops taking requests, gives those in progress `graceMs` (default 5 s) to be answered, then
   * cuts what is left and closes the listener.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

function sendJsonRpcError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const tooLarge = () =>
    Object.assign(
      new Error(
        `Request body too large: this server accepts at most ${MAX_MESSAGE_BYTES} bytes (a ${LIMITS.fileBytesMax}-byte file as base64)`,
      ),
      { status: 413 },
    );
  const body = await readBodyWithin(req, MAX_MESSAGE_BYTES);
  if (body === undefined) throw tooLarge();
  return body;
}

const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'];

/** The web-standard request the SDK's handler takes; aborted when the client goes away. */
function toWebRequest(req: IncomingMessage, body: Buffer | undefined, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // A Host that is no authority at all falls back to localhost here; the guard judges the header.
  const origin = `http://${req.headers.host ?? 'localhost'}`;
  const url = new URL(req.url ?? '/', URL.canParse(origin) ? origin : 'http://localhost');
  return new Request(url, {
    method: req.method ?? 'GET',
    headers,
    body: body as BodyInit | undefined,
    signal,
  });
}

/**
 * Writes the SDK's response to the Node response. A JSON answer goes whole, with its length, in one
 * write (not a chunk and then the chunked encoding's end: each write is a system call and a wake-up
 * of the peer); an SSE stream chunk by chunk, as the SDK produces them.
 */
async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (!response.body) {
    res.writeHead(response.status, headers);
    return void res.end();
  }
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const body = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, { ...headers, 'content-length': String(body.length) });
    return void res.end(body);
  }
  res.writeHead(response.status, headers);
  const reader = response.body.getReader();
  res.once('close', () => void reader.cancel().catch(() => {}));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

/** A fast-path answer (lean-call.ts), whole, with its length, in one write. */
function writeLeanAnswer(answer: LeanAnswer, res: ServerResponse): void {
  res.writeHead(200, { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) });
  res.end(answer.body);
}

/** How long a stop waits for calls in flight (a tool call waiting on a run reports progress meanwhile). */
const DEFAULT_DRAIN_MS = 5000;

export async function startHttpServer(options: HttpServerOptions = {}): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  if (options.oauth && options.authToken)
    throw new UsageError('--auth-token: not with --oauth-issuer (users sign in with OAuth instead)');
  // Tokens name the public URL as their audience; the listening address is only right on loopback.
  if (options.oauth && !options.oauth.resource && !isLoopbackHost(host))
    throw new UsageError(
      '--public-url: required with --oauth-issuer when serving beyond loopback (the URL clients use, which tokens must name)',
    );
  const authTokenGenerated = !options.oauth && !options.authToken;
  const authToken = options.oauth ? undefined : options.authToken || randomBytes(32).toString('base64url');
  const maxRequests = options.maxConcurrentRequests ?? DEFAULT_MAX_CONCURRENT_REQUESTS;
  // Under OAuth there is no shared identity: only the service's address is needed up front.
  const oauthPrepared = options.oauth ? await prepareOAuth(options.oauth) : undefined;
  const baseUrl = oauthPrepared ? serviceBaseUrl(options.baseUrl) : undefined;
  const client = oauthPrepared
    ? undefined
    : (options.client ?? createClientFromEnv({ baseUrl: options.baseUrl, token: options.token }));
  const serverOptions = { ...options, client };
  let oauth: ResolvedOAuth | undefined;
  let guard: ReturnType<typeof createRequestGuard>;
  // A signed-in user's session, looked up before the SDK sees the request (so a user store that
  // cannot answer is a 503 here, not a failure inside the handler) and found again by the factory.
  const sessions = new WeakMap<AuthInfo, UserSession>();
  // One fresh server per request on both paths: nothing survives a request. A signed-in user's
  // server carries that user's own client and account tools.
  // subscriptions/listen (2026-07-28) on both identities: the polls of a stream are made with the
  // token of whoever opened it, one loop per (reader, tracker) however many of their streams follow
  // it (the shared token is one reader; under OAuth each user and token is one), and each update is
  // published to its own stream only (stream-bus.ts). The stateless 2025-era path has no session
  // to notify later: no resources/subscribe on HTTP.
  const listenWatches = new KeyedRunWatches({
    intervalMs: subscriptionPollMs(options.subscriptionPollMs),
    onError: (trackerId, error) => options.logger?.error(`polling the runs of ${trackerId} failed`, error),
  });
  const bus = new StreamBus((error) => options.logger?.error('subscriptions/listen delivery', error));
  // A tools/call request gets a server with its one tool (server.ts `toolCall`), found by the
  // request the factory is handed: building the whole table per request was most of a call's CPU.
  const calledTools = new WeakMap<Request, string>();
  const factory = async ({ authInfo, era, requestInfo }: McpRequestContext) => {
    const toolCall = requestInfo ? calledTools.get(requestInfo) : undefined;
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
  // The plain tools/call is answered without the SDK's per-request server (lean-call.ts), with the
  // shared identity's client or, under OAuth, the signed-in user's; a call the token's scopes do not
  // cover takes the SDK's path (its step-up challenge). Made once the OAuth settings are resolved.
  let lean: ReturnType<typeof createLeanToolCalls> | undefined;
  let inFlight = 0;
  let leanCalls = 0;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Streamable HTTP uses these; any other (TRACE, PUT, ...) is the caller's mistake, and the
    // web-standard Request the SDK takes cannot even be built for some of them.
    if (!ALLOWED_METHODS.includes(req.method ?? '')) {
      return sendJsonRpcError(
        res,
        405,
        `Method ${req.method} not allowed; use ${ALLOWED_METHODS.join(', ')}`,
        {
          Allow: ALLOWED_METHODS.join(', '),
        },
      );
    }
    // The endpoint's own path as sent (nearly every request) needs no URL parse to be known.
    const pathname = req.url === path ? path : new URL(req.url ?? '/', 'http://localhost').pathname;
    if (oauth && pathname.startsWith('/.well-known/')) {
      const metadata = oauthMetadataResponse(
        toWebRequest(req, undefined, new AbortController().signal),
        oauth.metadata,
      );
      if (metadata) return writeWebResponse(metadata, res);
    }
    if (oauth && pathname.startsWith(REGISTRATION_PATH)) {
      // A page for people's browsers: the same origin rule as the endpoint (DNS rebinding, a POST
      // only from this page's own origin); it reads the form of its own page, and takes no token.
      const foreign = guard.checkOrigin(req.headers, req.method, [FORM_MEDIA_TYPE]);
      if (foreign) return writeWebResponse(foreign, res);
      return handleRegistration(req, res, pathname, oauth.registration);
    }
    if (pathname !== path) {
      return sendJsonRpcError(res, 404, `Not found; the MCP endpoint is ${path}`);
    }
    // A POST carries JSON-RPC: the core's rule asks for application/json in UTF-8 before any token;
    // a bearer token, checked next, stands for the page checks (a browser adds none by itself).
    const token = /^Bearer\s+\S/i.test(req.headers.authorization ?? '');
    const foreign = guard.checkOrigin(req.headers, req.method, [JSON_MEDIA_TYPE], { token });
    if (foreign) return writeWebResponse(foreign, res);
    addCorsHeaders(req, res);
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    const checked = await guard.checkToken(req.headers);
    if (checked instanceof Response) return writeWebResponse(checked, res);
    if (inFlight >= maxRequests) {
      return sendJsonRpcError(res, 503, `Server busy: ${maxRequests} requests in progress; retry shortly`, {
        'Retry-After': '1',
      });
    }
    inFlight += 1;
    const gone = new AbortController();
    res.once('close', () => {
      inFlight -= 1;
      // Only a client that left before its whole answer went out cancels anything; aborting after
      // every answer made an AbortError, with its stack, per request for no one.
      if (!res.writableFinished) gone.abort();
    });
    if (oauth) {
      try {
        sessions.set(checked, await oauth.session(checked));
      } catch (error) {
        options.logger?.error('user store unavailable', error);
        return sendJsonRpcError(res, 503, 'The user store is unavailable; retry shortly', {
          'Retry-After': '5',
        });
      }
    }
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    const message = parseInbound(body);
    const callerClient = oauth ? sessions.get(checked)?.client : client;
    const leanCall =
      callerClient && lean?.plan(req.headers, message, { client: callerClient, authInfo: oauth && checked });
    if (leanCall) {
      leanCalls += 1;
      return writeLeanAnswer(await leanCall(gone.signal), res);
    }
    const listen = listenRequestOf(message);
    const stream = {};
    if (listen && listen.uris.length > 0) {
      const reader = oauth ? sessions.get(checked) : undefined;
      const readerClient = reader?.client ?? client;
      if (!readerClient) throw new Error('subscriptions/listen: no client to read the service with');
      // The stream's watches end with its response, however it ends (the client's close, a
      // disconnect, the SDK refusing the listen or closing it).
      const ended = new AbortController();
      res.once('close', () => ended.abort());
      try {
        // Before the handler acks the stream: a run that finishes after the ack is reported.
        await feedListen(listen.uris, {
          client: readerClient,
          watch: listenWatches.for(reader?.readerKey ?? 'shared', readerClient),
          closed: ended.signal,
          notify: (params) => bus.publishTo(stream, { kind: 'resource_updated', uri: params.uri, params }),
        });
      } catch (error) {
        const body = JSON.stringify(listenRefusal(listen.id, error));
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        });
        return void res.end(body);
      }
    }
    // A parsed body reaches the SDK as parsedBody, which it reads instead of the request's bytes.
    const request = toWebRequest(req, message === undefined ? body : undefined, gone.signal);
    const toolCall = calledToolName(message);
    if (toolCall !== undefined) calledTools.set(request, toolCall);
    const fetch = () =>
      handler.fetch(request, {
        authInfo: checked,
        ...(message === undefined ? {} : { parsedBody: message }),
      });
    // A listen's stream is registered inside the fetch: its updates are published to it alone.
    await writeWebResponse(await (listen ? bus.serving(stream, fetch) : fetch()), res);
  }

  const httpServer = createServer((req, res) => {
    handle(req, res).catch((error: { status?: number; message?: string }) => {
      if (error.status === undefined) options.logger?.error('HTTP request failed', error);
      if (!res.headersSent) sendJsonRpcError(res, error.status ?? 500, error.message ?? 'Internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? DEFAULT_HTTP_PORT, host, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  const url = `http://${urlHost}:${port}${path}`;
  try {
    oauth = oauthPrepared?.resolve(url, baseUrl as string);
    guard = createRequestGuard({ ...options, host, authToken, oauth: oauth?.guard });
    if (options.leanToolCalls !== false)
      lean = createLeanToolCalls({
        tools: selectTools({ readOnly: options.readOnly, toolsets: options.toolsets }),
        options: resolveToolOptions(options),
        logger: options.logger,
        writeScopes: oauth?.writeScopes,
      });
  } catch (error) {
    await new Promise((resolve) => httpServer.close(resolve));
    throw error;
  }
  return {
    url,
    authToken,
    authTokenGenerated,
    get inFlight() {
      return inFlight;
    },
    get leanCalls() {
      return leanCalls;
    },
    async close({ graceMs = DEFAULT_DRAIN_MS } = {}) {
      const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeIdleConnections();
      const until = Date.now() + graceMs;
      while (inFlight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      listenWatches.close();
      await handler.close();
      httpServer.closeAllConnections();
      await closed;
    },
  };
}
