// A real HTTP server on 127.0.0.1 (port 0) that records every request and answers with a handler.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export interface RecordedRequest {
  method: string;
  /** Path after the `/v1` prefix, without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
  json<T = unknown>(): T;
  /** Parses a multipart/form-data body with the platform's own parser. */
  form(): Promise<FormData>;
}

export type Handler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export interface LoopbackServer {
  origin: string;
  baseUrl: string;
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function record(req: IncomingMessage, body: Buffer): RecordedRequest {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const headers = req.headers;
  return {
    method: req.method ?? 'GET',
    path: url.pathname.replace(/^\/v1/, ''),
    query: url.searchParams,
    headers,
    body,
    json: () => JSON.parse(body.toString('utf8')),
    form: () =>
      new Request('http://127.0.0.1/', {
        method: 'POST',
        headers: { 'content-type': String(headers['content-type']) },
        body: new Uint8Array(body),
      }).formData(),
  };
}

export async function startLoopbackServer(handler: Handler, port = 0): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const recorded = record(req, Buffer.concat(chunks));
      requests.push(recorded);
      try {
        await handler(recorded, res);
      } catch (error) {
        if (!res.headersSent) sendJson(res, 500, { detail: String(error) });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${actual}`;
  return {
    origin,
    baseUrl: `${origin}/v1`,
    port: actual,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Returns `serve`, which starts a loopback server that is closed after the calling file's current test. */
export function useLoopbackServers(): (handler: Handler, port?: number) => Promise<LoopbackServer> {
  const servers: LoopbackServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return async (handler, port) => {
    const server = await startLoopbackServer(handler, port);
    servers.push(server);
    return server;
  };
}
