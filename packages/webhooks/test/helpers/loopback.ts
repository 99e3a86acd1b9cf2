import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: unknown;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string | object;
  /** Hold the response this long (a timeout on the receiver's side). */
  delayMs?: number;
}

export interface Loopback {
  url: string;
  /** Requests answered, a delayed reply's once it went. */
  requests: Recorded[];
  /** Every request as it arrived, before its reply: one a `delayMs` holds is in flight here. */
  arrived: Recorded[];
  /** Idempotency key → times seen (what an idempotent API would dedupe on). */
  keys: Map<string, number>;
  /** Replies to use for the next requests, in order; afterwards `fallback`. */
  queue: Reply[];
  fallback: Reply;
  waitFor(predicate: (l: Loopback) => boolean | Promise<boolean>, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 standing in for one destination service. */
export async function startLoopback(
  keyOf: (r: Recorded) => string | undefined = (r) => r.headers['idempotency-key'] as string | undefined,
): Promise<Loopback> {
  const loopback: Loopback = {
    url: '',
    requests: [],
    arrived: [],
    keys: new Map(),
    queue: [],
    fallback: { status: 200, body: { ok: true } },
    async waitFor(predicate, timeoutMs = 20_000) {
      await waitUntil(() => predicate(loopback), { timeout: timeoutMs, what: 'loopback condition' }).catch(
        (error: Error) => {
          throw new Error(`${error.message} (${loopback.requests.length} requests)`);
        },
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {}
      const recorded: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        json,
      };
      loopback.arrived.push(recorded);
      const reply = loopback.queue.shift() ?? loopback.fallback;
      const send = () => {
        if (res.destroyed) return;
        const status = reply.status ?? 200;
        // Record only what was accepted, like a real service would.
        loopback.requests.push(recorded);
        if (status >= 200 && status < 300) {
          const key = keyOf(recorded);
          if (key) loopback.keys.set(key, (loopback.keys.get(key) ?? 0) + 1);
        }
        res.writeHead(status, { 'content-type': 'application/json', ...reply.headers });
        res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {}));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  loopback.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return loopback;
}
