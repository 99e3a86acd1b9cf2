// What the official conformance suite talks to (test/integration/http.test.ts): the HTTP server
// behind a loopback proxy that adds the bearer token (the suite sends no headers, as a gateway in
// front would). On the 2026-07-28 path the server also offers the suite's fixture tools
// (fixture-tools.ts) through its `extraTools` option. Run alone, it serves the emulator, to run one
// scenario at a time:
//   node --conditions=trackerkit-source test/conformance/conformance-server.ts
//   node_modules/.bin/conformance server --url <the printed URL> --scenario tasks-lifecycle
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator } from '@trackerkit/emulator';
import { type HttpServerOptions, startHttpServer } from '../../src/index.ts';
import { conformanceFixtures } from './fixture-tools.ts';

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** A loopback reverse proxy adding the bearer token, for tools that cannot send headers. */
export async function tokenProxy(target: string, token: string): Promise<Served> {
  const proxy = createServer((req, res) => {
    // A connection of its own each time: a kept-alive socket from an earlier test, closed by the
    // server's keep-alive timeout while idle, would reset the suite's request mid-flight.
    const upstream = request(new URL(req.url ?? '/', target), {
      agent: false,
      method: req.method,
      headers: { ...req.headers, host: new URL(target).host, authorization: `Bearer ${token}` },
    });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${new URL(target).pathname}`,
    async close() {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}

/** The server with the suite's fixture tools, behind the token proxy. */
export async function startConformanceServer(options: HttpServerOptions): Promise<Served> {
  const server = await startHttpServer({ ...options, extraTools: conformanceFixtures });
  const proxy = await tokenProxy(server.url, server.authToken as string);
  return {
    url: proxy.url,
    async close() {
      await proxy.close();
      await server.close({ graceMs: 0 });
    },
  };
}

if (import.meta.main) {
  const emulator = await startEmulator({ port: 0, log: () => {} });
  const served = await startConformanceServer({ baseUrl: emulator.baseUrl, token: emulator.token, port: 0 });
  process.stdout.write(`${served.url}\n`);
  process.stdin.resume();
  process.stdin.once('end', async () => {
    await served.close();
    await emulator.close();
    process.exit(0);
  });
}
