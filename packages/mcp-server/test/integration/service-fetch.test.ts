// The MCP server's lean fetch (undici's request on a keep-alive pool) under the client's transport:
// an answer, an error answer's headers, and each way a request fails classified as the global
// fetch's are (refused, reset, the transport's timeout, the caller's abort), against loopback
// servers. The rest of the integration suite runs its tools through it too (harness.ts).
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createTrackerClient,
  TrackerNetworkError,
  TrackerRateLimitError,
  TrackerTimeoutError,
} from '@trackerkit/client';
import { REQUEST_ID_HEADER } from '@trackerkit/core';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceFetch } from '../../src/service/service-fetch.ts';

const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

const clientOf = (baseUrl: string) =>
  createTrackerClient({ baseUrl, token: 'qapi_x', retries: 0, timeoutMs: 300, fetch: serviceFetch });

const SPACES = { data: [], pagination: { page: 1, page_size: 10, total_items: 0, total_pages: 0 } };

describe('serviceFetch', () => {
  it('sends the client headers on kept-alive connections and reads the answer', async () => {
    const seen: { headers: Record<string, string | string[] | undefined>; port: number | undefined }[] = [];
    const baseUrl = await serve((req, res) => {
      seen.push({ headers: req.headers, port: req.socket.remotePort });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(SPACES));
    });
    const client = clientOf(baseUrl);
    for (let i = 0; i < 6; i++) expect(await client.spaces.list({ page: 1, page_size: 10 })).toEqual(SPACES);
    // The pool may open a second connection while the first finishes its answer, not one per request.
    expect(new Set(seen.map((s) => s.port)).size).toBeLessThanOrEqual(2);
    expect(seen[0]?.headers).toMatchObject({ authorization: 'Bearer qapi_x', accept: 'application/json' });
    // Nothing asks for a compressed answer the client would then have to inflate.
    expect(seen[0]?.headers['accept-encoding']).toBeUndefined();
  });

  it("reads an error answer's status, Retry-After and request id", async () => {
    const baseUrl = await serve((_req, res) => {
      res
        .writeHead(429, {
          'content-type': 'application/json',
          'retry-after': '7',
          [REQUEST_ID_HEADER]: 'req_1',
        })
        .end(JSON.stringify({ detail: 'slow down' }));
    });
    const failed = await clientOf(baseUrl)
      .spaces.list({ page: 1, page_size: 10 })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(TrackerRateLimitError);
    expect(failed).toMatchObject({
      status: 429,
      retryAfterMs: 7000,
      requestId: 'req_1',
      detail: 'slow down',
    });
  });

  const hang: RequestListener = (req) => void req.resume();
  const reset: RequestListener = (req) => void req.socket.destroy();
  it.each<[string, { listener: RequestListener | null; want: (error: unknown) => void }]>([
    [
      'refused',
      {
        listener: null,
        want: (e) => expect(e).toMatchObject({ constructor: TrackerNetworkError, refused: true }),
      },
    ],
    [
      'reset after the request was sent',
      {
        listener: reset,
        want: (e) => expect(e).toMatchObject({ constructor: TrackerNetworkError, refused: false }),
      },
    ],
    [
      "no answer within the client's timeout",
      {
        listener: hang,
        want: (e) => expect(e).toMatchObject({ constructor: TrackerTimeoutError, timeoutMs: 300 }),
      },
    ],
  ])('%s', async (_name, { listener, want }) => {
    const baseUrl = listener ? await serve(listener) : 'http://127.0.0.1:1/v1';
    want(
      await clientOf(baseUrl)
        .spaces.list({ page: 1, page_size: 10 })
        .catch((e: unknown) => e),
    );
  });

  it("ends with the caller's reason when the caller aborts", async () => {
    const controller = new AbortController();
    const reason = new Error('the caller gave up');
    // The caller gives up once its request is at the service, which never answers.
    const baseUrl = await serve((req) => {
      req.resume();
      controller.abort(reason);
    });
    const client = createTrackerClient({ baseUrl, token: 'qapi_x', timeoutMs: 10_000, fetch: serviceFetch });
    await expect(client.spaces.list({ page: 1, page_size: 10 }, { signal: controller.signal })).rejects.toBe(
      reason,
    );
  });
});
