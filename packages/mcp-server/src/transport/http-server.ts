// Streamable HTTP, stateless: the endpoint's MCP side is mcp-endpoint.ts (the SDK's handler, a
// fresh server per request). In front of it, per request: Host/Origin (DNS rebinding) and the
// bearer token (the SDK's helpers, request-guard.ts), CORS, the caps on concurrent requests and
// body size; under OAuth, the authorization metadata and the token registration page beside it.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { oauthMetadataResponse } from '@modelcontextprotocol/server';
import { isLoopbackHost, JSON_MEDIA_TYPE } from '@trackerkit/core';
import { UsageError } from '@trackerkit/core/cli';
import { DEFAULT_HTTP_PORT } from '../config/cli-options.ts';
import { DEFAULT_MAX_CONCURRENT_REQUESTS } from '../config/limits.ts';
import type { Logger } from '../config/logger.ts';
import { addCorsHeaders, answerPreflight } from '../http-edge/cors.ts';
import { parseInbound } from '../http-edge/inbound-message.ts';
import { createRequestGuard } from '../http-edge/request-guard.ts';
import { type OAuthOptions, prepareOAuth, type ResolvedOAuth } from '../oauth/oauth-settings.ts';
import { FORM_MEDIA_TYPE, handleRegistration, REGISTRATION_PATH } from '../oauth/registration-page.ts';
import type { TrackerMcpServerOptions } from '../server/server.ts';
import { createClientFromEnv, serviceBaseUrl } from '../service/client-factory.ts';
import { createMcpEndpoint } from './mcp-endpoint.ts';
import { readBody, sendJsonRpcError, toWebRequest, writeWebResponse } from './web-exchange.ts';

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
  /**
   * Stops taking requests, gives those in progress `graceMs` (default 5 s) to be answered, then
   * cuts what is left and closes the listener.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'];

/** How long a stop waits for calls in flight (a tool call waiting on a run reports progress meanwhile). */
const DEFAULT_DRAIN_MS = 5000;

/** What every request is served with; `oauth` and `guard` are set once the server listens. */
interface Endpoint {
  path: string;
  maxRequests: number;
  logger: Logger | undefined;
  mcp: ReturnType<typeof createMcpEndpoint>;
  oauth: ResolvedOAuth | undefined;
  guard: ReturnType<typeof createRequestGuard>;
  inFlight: number;
}

/** The settings OAuth rules out or requires: refused before anything starts. */
function checkOAuthSettings(options: HttpServerOptions, host: string): void {
  if (options.oauth && options.authToken)
    throw new UsageError('--auth-token: not with --oauth-issuer (users sign in with OAuth instead)');
  // Tokens name the public URL as their audience; the listening address is only right on loopback.
  if (options.oauth && !options.oauth.resource && !isLoopbackHost(host))
    throw new UsageError(
      '--public-url: required with --oauth-issuer when serving beyond loopback (the URL clients use, which tokens must name)',
    );
}

/**
 * Under OAuth, what is served beside the endpoint: the authorization metadata and the token
 * registration page. True when this request was one of them and is answered.
 */
async function answeredBesideEndpoint(
  endpoint: Endpoint,
  oauth: ResolvedOAuth,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): Promise<boolean> {
  if (pathname.startsWith('/.well-known/')) {
    const metadata = oauthMetadataResponse(
      toWebRequest(req, undefined, new AbortController().signal),
      oauth.metadata,
    );
    if (metadata) {
      await writeWebResponse(metadata, res);
      return true;
    }
  }
  if (!pathname.startsWith(REGISTRATION_PATH)) return false;
  // A page for people's browsers: the same origin rule as the endpoint (DNS rebinding, a POST only
  // from this page's own origin); it reads the form of its own page, and takes no token.
  const foreign = endpoint.guard.checkOrigin(req.headers, req.method, [FORM_MEDIA_TYPE]);
  if (foreign) await writeWebResponse(foreign, res);
  else await handleRegistration(req, res, pathname, oauth.registration);
  return true;
}

/**
 * The checks before MCP: origin, CORS (a preflight is answered here), the bearer token, the cap on
 * requests in flight. The verified token, or undefined when the request was answered here.
 */
async function admit(endpoint: Endpoint, req: IncomingMessage, res: ServerResponse) {
  // A POST carries JSON-RPC: the core's rule asks for application/json in UTF-8 before any token;
  // a bearer token, checked next, stands for the page checks (a browser adds none by itself).
  const token = /^Bearer\s+\S/i.test(req.headers.authorization ?? '');
  const foreign = endpoint.guard.checkOrigin(req.headers, req.method, [JSON_MEDIA_TYPE], { token });
  if (foreign) return void (await writeWebResponse(foreign, res));
  addCorsHeaders(req, res);
  if (req.method === 'OPTIONS') return void answerPreflight(req, res);
  const checked = await endpoint.guard.checkToken(req.headers);
  if (checked instanceof Response) return void (await writeWebResponse(checked, res));
  if (endpoint.inFlight >= endpoint.maxRequests) {
    const busy = `Server busy: ${endpoint.maxRequests} requests in progress; retry shortly`;
    return void sendJsonRpcError(res, 503, busy, { 'Retry-After': '1' });
  }
  return checked;
}

/** Counts the request in flight until its response closes; the signal says the client went away. */
function holdInFlight(endpoint: Endpoint, res: ServerResponse): AbortSignal {
  endpoint.inFlight += 1;
  const gone = new AbortController();
  res.once('close', () => {
    endpoint.inFlight -= 1;
    // Only a client that left before its whole answer went out cancels anything; aborting after
    // every answer made an AbortError, with its stack, per request for no one.
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}

async function handle(endpoint: Endpoint, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Streamable HTTP uses these; any other (TRACE, PUT, ...) is the caller's mistake, and the
  // web-standard Request the SDK takes cannot even be built for some of them.
  if (!ALLOWED_METHODS.includes(req.method ?? '')) {
    const allowed = ALLOWED_METHODS.join(', ');
    return sendJsonRpcError(res, 405, `Method ${req.method} not allowed; use ${allowed}`, { Allow: allowed });
  }
  const { path, oauth } = endpoint;
  // The endpoint's own path as sent (nearly every request) needs no URL parse to be known.
  const pathname = req.url === path ? path : new URL(req.url ?? '/', 'http://localhost').pathname;
  if (oauth && (await answeredBesideEndpoint(endpoint, oauth, req, res, pathname))) return;
  if (pathname !== path) return sendJsonRpcError(res, 404, `Not found; the MCP endpoint is ${path}`);
  const authInfo = await admit(endpoint, req, res);
  if (!authInfo) return;
  const signal = holdInFlight(endpoint, res);
  if (oauth) {
    try {
      await endpoint.mcp.openSession(authInfo, oauth);
    } catch (error) {
      endpoint.logger?.error('user store unavailable', error);
      const unavailable = 'The user store is unavailable; retry shortly';
      return sendJsonRpcError(res, 503, unavailable, { 'Retry-After': '5' });
    }
  }
  const body = req.method === 'POST' ? await readBody(req) : undefined;
  await endpoint.mcp.serve(req, res, { authInfo, body, message: parseInbound(body), signal });
}

/** Listens on `host`; the endpoint's URL as clients reach it. */
async function listenOn(httpServer: Server, port: number, host: string, path: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => resolve());
  });
  const { port: bound } = httpServer.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  return `http://${urlHost}:${bound}${path}`;
}

export async function startHttpServer(options: HttpServerOptions = {}): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  checkOAuthSettings(options, host);
  const authTokenGenerated = !options.oauth && !options.authToken;
  const authToken = options.oauth ? undefined : options.authToken || randomBytes(32).toString('base64url');
  // Under OAuth there is no shared identity: only the service's address is needed up front.
  const oauthPrepared = options.oauth ? await prepareOAuth(options.oauth) : undefined;
  const baseUrl = oauthPrepared ? serviceBaseUrl(options.baseUrl) : undefined;
  const client = oauthPrepared
    ? undefined
    : (options.client ?? createClientFromEnv({ baseUrl: options.baseUrl, token: options.token }));
  const endpoint: Endpoint = {
    path: options.path ?? '/mcp',
    maxRequests: options.maxConcurrentRequests ?? DEFAULT_MAX_CONCURRENT_REQUESTS,
    logger: options.logger,
    mcp: createMcpEndpoint(options, client, () => endpoint.oauth),
    oauth: undefined,
    // Made once the URL is known (below), before any request can be read.
    guard: undefined as unknown as ReturnType<typeof createRequestGuard>,
    inFlight: 0,
  };
  const httpServer = createServer((req, res) => {
    handle(endpoint, req, res).catch((error: { status?: number; message?: string }) => {
      if (error.status === undefined) options.logger?.error('HTTP request failed', error);
      if (!res.headersSent) sendJsonRpcError(res, error.status ?? 500, error.message ?? 'Internal error');
      else res.end();
    });
  });
  const url = await listenOn(httpServer, options.port ?? DEFAULT_HTTP_PORT, host, endpoint.path);
  try {
    endpoint.oauth = oauthPrepared?.resolve(url, baseUrl as string);
    endpoint.guard = createRequestGuard({ ...options, host, authToken, oauth: endpoint.oauth?.guard });
  } catch (error) {
    await new Promise((resolve) => httpServer.close(resolve));
    throw error;
  }
  return {
    url,
    authToken,
    authTokenGenerated,
    get inFlight() {
      return endpoint.inFlight;
    },
    async close({ graceMs = DEFAULT_DRAIN_MS } = {}) {
      const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeIdleConnections();
      const until = Date.now() + graceMs;
      while (endpoint.inFlight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      await endpoint.mcp.close();
      httpServer.closeAllConnections();
      await closed;
    },
  };
}
