// Between Node's HTTP server and the SDK's web-standard handler: the request as a web Request (its
// body read within the message limit), the handler's Response written back, and the JSON-RPC error
// this server answers itself (before the SDK sees a request).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIMITS } from '@trackerkit/core';
import { MAX_MESSAGE_BYTES } from '../config/limits.ts';
import { readBodyWithin } from '../http-edge/read-body.ts';

export function sendJsonRpcError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
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

/** The web-standard request the SDK's handler takes; aborted when the client goes away. */
export function toWebRequest(req: IncomingMessage, body: Buffer | undefined, signal: AbortSignal): Request {
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
export async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
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
