// One stdio connection, as the command serves it (bin.ts) and as the tests do over any transport:
// the SDK's serveStdio owns the era decision (a 2026-07-28 opening is served modern, an
// `initialize` pins the connection to a 2025-era instance). Under it, in order: the 2026-07-28
// subscriptions/listen feed (stdio-listen.ts) and the wire (the limited stdio transport in the
// command). Either era offers subscriptions: a 2025-era session serves resources/subscribe,
// serveStdio serves a 2026-07-28 listen.
import type { Transport } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Logger } from '../config/logger.ts';
import {
  createTrackerMcpServer,
  subscriptionPollMs,
  type TrackerMcpServerOptions,
} from '../server/server.ts';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import { RunWatch } from '../subscriptions/run-watch.ts';
import { StdioListenTransport } from '../subscriptions/stdio-listen.ts';

export interface StdioServeOptions extends TrackerMcpServerOptions {
  client: TrackerClientLike;
  logger: Logger;
}

export function serveStdioConnection(wire: Transport, options: StdioServeOptions) {
  const { client, logger } = options;
  const listen = new StdioListenTransport(wire, {
    client,
    watch: new RunWatch({
      client,
      intervalMs: subscriptionPollMs(options.subscriptionPollMs),
      onError: (trackerId, error) => logger.error(`polling the runs of ${trackerId} failed; retrying`, error),
    }),
  });
  const handle = serveStdio(
    ({ era }) => {
      const server = createTrackerMcpServer({ ...options, subscriptions: true });
      if (era === 'modern') listen.attach(server);
      return server;
    },
    {
      transport: listen,
      // Any transport or protocol error reaches stderr: the client shows it, the operator can act.
      onerror: (error) => logger.error('MCP transport error', error),
    },
  );
  return { handle, listen };
}
