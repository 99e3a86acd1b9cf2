// Streamable HTTP: one MCP server and transport per session, all sharing one Tracker client;
// sessions left idle are closed (http-sessions.ts).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { isLoopbackHost } from '@trackerkit/core';
import { DEFAULT_HTTP_PORT } from './cli-options.ts';
import { createClientFromEnv } from './client-factory.ts';
import { createSessionRegistry, DEFAULT_SESSION_IDLE_MS } from './http-sessions.ts';
import { createRequestGuard } from './request-guard.ts';
import { createTrackerMcpServer, type TrackerMcpServerOptions } from './server.ts';

/** Big enough for an upload_vault_file call carrying a 10 MB file as base64. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface HttpServerOptions extends TrackerMcpServerOptions {
  /** Default 3100; 0 picks a free port. */
  port?: number;
  /** Bind address (default 127.0.0.1). Beyond loopback an authToken is required. */
  host?: string;
  /** Endpoint path (default /mcp). */
  path?: string;
  /** Bearer token clients must send. */
  authToken?: string | undefined;
  allowedHosts?: readonly string[];
  allowedOrigins?: readonly string[];
  /**
   * Close a session after this long without requests (default 30 minutes; 0 never). A tool call
   * in progress keeps its session; an open GET notification stream alone does not.
   */
  sessionIdleMs?: number;
}

export interface RunningHttpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:3100/mcp. */
  url: string;
  /** Open MCP sessions. */
  readonly sessionCount: number;
  /** Closes every session, then the listener. */
  close(): Promise<void>;
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

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw Object.assign(new Error('Request body too large'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw Object.assign(new Error('Parse error: the body is not JSON'), { status: 400 });
  }
}

export async function startHttpServer(options: HttpServerOptions = {}): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const loopback = isLoopbackHost(host);
  if (!loopback && !options.authToken) {
    throw new Error(`@trackerkit/mcp-server: binding to ${host} needs an auth token (--auth-token)`);
  }
  const client = options.client ?? createClientFromEnv({ baseUrl: options.baseUrl, token: options.token });
  // A remote caller must not make the server read its own files unless the operator says so.
  const serverOptions = { ...options, client, allowFilePaths: options.allowFilePaths ?? loopback };
  const guard = createRequestGuard({ ...options, host });
  const sessions = createSessionRegistry({ idleMs: options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== path) {
      return sendJsonRpcError(res, 404, `Not found; the MCP endpoint is ${path}`);
    }
    const rejection = guard(req.headers);
    if (rejection) return sendJsonRpcError(res, rejection.status, rejection.message, rejection.headers);
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (!session) return sendJsonRpcError(res, 404, 'Unknown or expired session; initialize again');
      // GET opens the listening stream, which may stay open for days: it is not work in progress.
      res.once('close', sessions.touch(sessionId, req.method !== 'GET'));
      const body = req.method === 'POST' ? await readJsonBody(req) : undefined;
      return session.transport.handleRequest(req, res, body);
    }
    const body = req.method === 'POST' ? await readJsonBody(req) : undefined;
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      return sendJsonRpcError(res, 400, 'Bad request: send initialize first (no mcp-session-id)');
    }
    const server = createTrackerMcpServer(serverOptions);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => sessions.add(id, { server, transport }),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.remove(transport.sessionId);
    };
    await server.connect(transport);
    return transport.handleRequest(req, res, body);
  }

  const httpServer = createServer((req, res) => {
    handle(req, res).catch((error: { status?: number; message?: string }) => {
      options.logger?.error('HTTP request failed', error);
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
  return {
    url: `http://${urlHost}:${port}${path}`,
    get sessionCount() {
      return sessions.size;
    },
    async close() {
      await sessions.closeAll();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
