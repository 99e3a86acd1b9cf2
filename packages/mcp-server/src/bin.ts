#!/usr/bin/env node
// trackerkit-mcp: stdio by default, Streamable HTTP with --http.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CliUsageError, parseCliOptions, USAGE } from './cli-options.ts';
import { startHttpServer } from './http-server.ts';
import { createStderrLogger } from './logger.ts';
import { createTrackerMcpServer } from './server.ts';
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
  const common = {
    baseUrl: options.baseUrl,
    token: options.token,
    readOnly: options.readOnly,
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
      sessionIdleMs: options.sessionTimeoutMinutes * 60_000,
    });
    logger.info(`listening on ${running.url}`);
    const stop = () => void running.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  keepStdoutForProtocol();
  const server = createTrackerMcpServer(common);
  await server.connect(new StdioServerTransport());
  process.stdin.once('end', () => void server.close().then(() => process.exit(0)));
}

main().catch((error: Error) => {
  process.stderr.write(
    `${error instanceof CliUsageError ? `${error.message}\n\n${USAGE}` : error.message}\n`,
  );
  process.exit(error instanceof CliUsageError ? 2 : 1);
});
