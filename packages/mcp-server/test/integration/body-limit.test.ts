// A body over the limit is answered 413 naming the limit, also when it is chunked (no length
// up front, so it is refused mid-stream): a client that sends its whole body before it reads
// the answer, as many do, gets the answer, not a connection reset. A client that goes on
// sending long past the limit has its connection cut.
import { once } from 'node:events';
import { createServer, type IncomingMessage, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { createTrackerClient } from '@trackerkit/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBodyWithin } from '../../src/http-edge/read-body.ts';
import { MAX_MESSAGE_BYTES, type RunningHttpServer, startHttpServer } from '../../src/index.ts';

interface Answer {
  status: number;
  body: string;
  /** Body bytes the client got onto the wire. */
  sent: number;
  /** Whether the connection was reset. */
  reset: boolean;
}

/**
 * POSTs a chunked body of `total` bytes over a plain socket (no content-length), 64 KiB a
 * chunk, all of it before it looks at the answer; reads the answer as it arrives.
 */
async function postChunked(
  url: string,
  headers: Record<string, string>,
  total: number,
  connection: 'close' | 'keep-alive',
): Promise<Answer> {
  const { hostname, port, pathname, host } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  await once(socket, 'connect');
  let received = Buffer.alloc(0);
  let reset = false;
  socket.on('data', (data: Buffer) => {
    received = Buffer.concat([received, data]);
  });
  socket.on('error', () => {
    reset = true;
  });
  const closed = once(socket, 'close').then(
    () => undefined,
    () => undefined,
  );
  const head = Object.entries({ ...headers, 'transfer-encoding': 'chunked', connection })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`POST ${pathname} HTTP/1.1\r\nhost: ${host}\r\n${head}\r\n`);
  const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 'x'), Buffer.from('\r\n')]);
  let sent = 0;
  while (sent < total && !socket.destroyed) {
    sent += 0x10000;
    if (!socket.write(chunk)) await Promise.race([once(socket, 'drain').catch(() => undefined), closed]);
  }
  if (!socket.destroyed) socket.write('0\r\n\r\n');
  while (!answerOf(received) && !socket.destroyed) {
    await Promise.race([once(socket, 'data').catch(() => undefined), closed]);
  }
  socket.destroy();
  const answer = answerOf(received);
  return { status: answer?.status ?? 0, body: answer?.body ?? '', sent, reset };
}

/** The status and body of a complete HTTP/1.1 answer in `bytes` (content-length or chunked). */
function answerOf(bytes: Buffer): { status: number; body: string } | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const head = bytes.subarray(0, end).toString('latin1');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  let rest = bytes.subarray(end + 4);
  const length = /\r\ncontent-length: (\d+)/i.exec(head);
  if (length) {
    return rest.length >= Number(length[1]) ? { status, body: rest.toString('utf8') } : undefined;
  }
  const parts: Buffer[] = [];
  for (;;) {
    const line = rest.indexOf('\r\n');
    if (line < 0) return undefined;
    const size = Number.parseInt(rest.subarray(0, line).toString('latin1'), 16);
    if (size === 0) return { status, body: Buffer.concat(parts).toString('utf8') };
    if (rest.length < line + 2 + size + 2) return undefined;
    parts.push(rest.subarray(line + 2, line + 2 + size));
    rest = rest.subarray(line + 2 + size + 2);
  }
}

describe('the MCP endpoint', () => {
  let http: RunningHttpServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    // The body is refused before the service is asked anything: no service is needed.
    const client = createTrackerClient({ baseUrl: 'http://127.0.0.1:9/v1', token: 'unused' });
    http = await startHttpServer({ client, port: 0 });
    headers = {
      authorization: `Bearer ${http.authToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
  });
  afterAll(async () => {
    await http?.close();
  });

  it.each(['close', 'keep-alive'] as const)(
    'answers a chunked body over the limit with 413 naming the limit, not a reset (Connection: %s)',
    async (connection) => {
      const answer = await postChunked(http.url, headers, MAX_MESSAGE_BYTES + 8 * 1024 * 1024, connection);
      expect(answer.reset).toBe(false);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({
        jsonrpc: '2.0',
        error: { message: expect.stringContaining(`at most ${MAX_MESSAGE_BYTES} bytes`) },
      });
    },
  );

  it('still takes a chunked body within the limit', async () => {
    const req = request(http.url, {
      method: 'POST',
      headers: { 'transfer-encoding': 'chunked', ...headers },
    });
    req.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",');
    req.end('"capabilities":{},"clientInfo":{"name":"chunked","version":"0"}}}');
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    let body = '';
    for await (const part of res) body += part;
    expect(res.statusCode).toBe(200);
    expect(body).toContain('"serverInfo"');
  });
});

describe('readBodyWithin', () => {
  const LIMIT = 1024;
  let url: string;
  const server = createServer(async (req, res) => {
    const body = await readBodyWithin(req, LIMIT).catch(() => undefined);
    if (body === undefined) return void res.writeHead(413).end(`at most ${LIMIT} bytes`);
    res.writeHead(200).end(`${body.length} bytes`);
  });
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => {
    server.close();
  });

  it('reads a chunked body within the limit', async () => {
    expect(await postChunked(url, {}, 0, 'close')).toMatchObject({
      status: 200,
      body: '0 bytes',
      reset: false,
    });
  });

  it.each(['close', 'keep-alive'] as const)(
    'answers a chunked body over the limit, sent whole before the answer is read (Connection: %s)',
    async (connection) => {
      const answer = await postChunked(url, {}, 48 * 1024, connection);
      expect(answer).toMatchObject({ status: 413, body: `at most ${LIMIT} bytes`, reset: false });
    },
  );

  it('cuts a client that goes on sending long past the limit, after the answer', async () => {
    const answer = await postChunked(url, {}, 256 * 1024 * 1024, 'keep-alive');
    expect(answer.status).toBe(413);
    // Read and dropped for a bounded while (64 KiB past this small limit), then no more.
    expect(answer.reset).toBe(true);
    expect(answer.sent).toBeLessThan(64 * 1024 * 1024);
  });
});
