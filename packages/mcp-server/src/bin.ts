#!/usr/bin/env node
// trackerkit-mcp: stdio by default, Streamable HTTP with --http.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { CliUsageError, parseCliOptions, USAGE } from './cli-options.ts';
import { createClientFromEnv } from './client-factory.ts';
import { startHttpServer } from './http-server.ts';
import { createStderrLogger } from './logger.ts';
import { createTrackerMcpServer } from './server.ts';
import { LimitedStdioServerTransport } from './stdio-transport.ts';
import { SERVER_VERSION } from './version.ts';

const logger = createStderrLogger();

// On stdio, stdout belongs to the protocol: a stray console.log from any dependency would corrupt
// it, so console output is sent to stderr.
function keepStdoutForProtocol() {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.warn = toStderr;
}

async function main() {
  const options = parseCliOptions(process.argv.slice(2));
  if (options.help) return void process.stderr.write(`${USAGE}\n`);
  if (options.version) return void process.stderr.write(`${SERVER_VERSION}\n`);
  process.on('unhandledRejection', (reason) => logger.error('unhandled rejection', reason));
  // Made once, up front: missing configuration stops start-up, not the first request.
  const client = createClientFromEnv({ baseUrl: options.baseUrl, token: options.token });
  const common = {
    client,
    readOnly: options.readOnly,
    filesRoots: options.filesRoots,
    allowPrivateUrls: options.allowPrivateUrls,
    logger,
    ...(options.toolsets ? { toolsets: options.toolsets } : {}),
  };
  if (options.http) {
    const running = await startHttpServer({
      ...common,
      host: options.host,
      port: options.port,
      authToken: options.authToken,
      allowedHosts: options.allowedHosts,
      allowedOrigins: options.allowedOrigins,
      maxConcurrentRequests: options.maxConcurrentRequests,
    });
    logger.info(`listening on ${running.url}`);
    if (running.authTokenGenerated) {
      // Printed once, to the operator's terminal: clients must send it (--auth-token sets a fixed one).
      logger.info(`no --auth-token given; clients must send: Authorization: Bearer ${running.authToken}`);
    }
    const stop = () => void running.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  keepStdoutForProtocol();
  // The SDK owns the era decision: a 2026-07-28 opening is served modern, an `initialize` pins the
  // connection to a 2025-era instance; both over this process's limited stdio transport.
  const handle = serveStdio(() => createTrackerMcpServer(common), {
    transport: new LimitedStdioServerTransport({ logger }),
    // Any transport or protocol error reaches stderr: the client shows it, the operator can act.
    onerror: (error) => logger.error('MCP transport error', error),
  });
  // The client closing stdin is the normal end; anything else that ends the process says why.
  process.stdin.once('end', () => void handle.close().then(() => process.exit(0)));
  process.once('exit', (code) => {
    if (code !== 0) logger.error(`exiting with code ${code}`);
  });
}

main().catch((error: Error) => {
  process.stderr.write(
    `${error instanceof CliUsageError ? `${error.message}\n\n${USAGE}` : error.message}\n`,
  );
  process.exit(error instanceof CliUsageError ? 2 : 1);
});
