#!/usr/bin/env node
// trackerkit-mcp: stdio by default, Streamable HTTP with --http. The commands' one convention
// (@trackerkit/core cli/): --help and --version on stdout; bad usage is one line on stderr and
// exit 2; over HTTP, ready is ONE JSON line on stdout; SIGINT/SIGTERM answer calls in flight, then
// exit 0. Over stdio, stdout is the protocol's alone.
import { readFileSync, statSync } from 'node:fs';
import { commandArgs, failureLine, readyLine, UsageError } from '@trackerkit/core/cli';
import { quietSqliteWarning, stopOnSignals, watchLauncher } from '@trackerkit/process';
import { type CliOptions, parseCliOptions, USAGE } from './config/cli-options.ts';
import { createStderrLogger } from './config/logger.ts';
import { SERVER_VERSION } from './config/version.ts';
import { INTROSPECTION_ENV } from './oauth/oauth-settings.ts';
import { taskKeyFrom } from './secrets/task-key.ts';
import { parseTokenKey, TOKEN_KEY_ENV } from './secrets/token-key.ts';
import { createClientFromEnv } from './service/client-factory.ts';
import { startHttpServer } from './transport/http-server.ts';
import { serveStdioConnection } from './transport/stdio-serve.ts';
import { LimitedStdioServerTransport } from './transport/stdio-transport.ts';

const NAME = 'trackerkit-mcp';
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

/** Users' tokens in PostgreSQL or the SQLite file; loaded only under OAuth, so stdio loads neither. */
async function openUserTokens(options: CliOptions, key: Buffer) {
  if (options.databaseUrl) {
    const { openPostgresUserTokens } = await import('./oauth/postgres-user-tokens.ts');
    return openPostgresUserTokens({ url: options.databaseUrl, key });
  }
  quietSqliteWarning(process);
  const { openSqliteUserTokens } = await import('./oauth/user-tokens.ts');
  try {
    return openSqliteUserTokens(options.userStore, key);
  } catch (error) {
    // SQLite's own words ("unable to open database file") name neither the flag nor the file.
    throw new UsageError(`--user-store ${options.userStore}: ${(error as Error).message}`);
  }
}

/** The roots the tools may read under: each an existing directory (a typo would serve nothing). */
function checkFilesRoots(roots: readonly string[]): void {
  for (const root of roots) {
    const stat = statSync(root, { throwIfNoEntry: false });
    if (!stat?.isDirectory())
      throw new UsageError(
        `files root ${root} (--files-root or TRACKERKIT_MCP_FILES_ROOTS) ${stat ? 'is not a directory' : 'does not exist'}`,
      );
  }
}

/** The resource server's own credentials for introspection: both variables or neither. */
function introspectionFromEnv(env: NodeJS.ProcessEnv) {
  const clientId = env[INTROSPECTION_ENV.clientId];
  const clientSecret = env[INTROSPECTION_ENV.clientSecret];
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret)
    throw new UsageError(
      `set both ${INTROSPECTION_ENV.clientId} and ${INTROSPECTION_ENV.clientSecret}, or neither`,
    );
  return { clientId, clientSecret };
}

/** The tools' settings both transports share: the shared client (none under OAuth) and the rest. */
type CommonOptions = Parameters<typeof startHttpServer>[0] & { logger: typeof logger };

/** The users' token store under OAuth: what --oauth-issuer needs besides the flags. */
interface UserStore {
  userTokens: Awaited<ReturnType<typeof openUserTokens>>;
  tokenKey: Buffer;
}

/** Over HTTP: serves until a signal, then answers calls in flight; ready is one JSON line. */
async function serveHttp(options: CliOptions, common: CommonOptions, users: UserStore | undefined) {
  const running = await startHttpServer({
    ...common,
    host: options.host,
    port: options.port,
    authToken: options.authToken,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
    maxConcurrentRequests: options.maxConcurrentRequests,
    ...(users && options.oauthIssuer
      ? {
          oauth: {
            issuer: options.oauthIssuer,
            resource: options.publicUrl,
            userTokens: users.userTokens,
            tokenKey: users.tokenKey,
            introspection: introspectionFromEnv(process.env),
            readScope: options.readScope,
            writeScope: options.writeScope,
          },
        }
      : {}),
  });
  logger.info(`listening on ${running.url}`);
  const { trigger } = stopOnSignals(
    process,
    async () => {
      await running.close();
      await users?.userTokens.close();
    },
    (error) => logger.error('stopping failed', error),
  );
  // Started by a package manager (`npx`, a pnpm script) that is stopped without passing it on.
  watchLauncher(process, (path) => readFileSync(path, 'utf8'), trigger);
  // The token is in the ready line only when generated: clients must send it, and the operator
  // has no other way to learn it (--auth-token sets a fixed one).
  process.stdout.write(
    readyLine({
      name: NAME,
      url: running.url,
      ...(running.authTokenGenerated ? { auth_token: running.authToken } : {}),
    }),
  );
}

/** Over stdio: serves until the client closes stdin or a signal comes. */
function serveStdio(options: CliOptions, common: CommonOptions) {
  keepStdoutForProtocol();
  // serveStdio owns the era decision; stdio-serve.ts puts the listen feed and this process's
  // limited stdio transport under it.
  const stdioClient =
    common.client ?? createClientFromEnv({ baseUrl: options.baseUrl, token: options.token });
  const { handle } = serveStdioConnection(new LimitedStdioServerTransport({ logger }), {
    ...common,
    client: stdioClient,
    logger,
  });
  // The client closing stdin is the normal end, a signal the other; anything else that ends the
  // process says why.
  const { trigger } = stopOnSignals(
    process,
    () => handle.close(),
    (error) => logger.error('stopping failed', error),
  );
  process.stdin.once('end', () => trigger('stdin closed'));
  process.once('exit', (code) => {
    if (code !== 0) logger.error(`exiting with code ${code}`);
  });
}

async function main() {
  const options = parseCliOptions(commandArgs(process.argv));
  if (options.help) return void process.stdout.write(`${USAGE}\n`);
  if (options.version) return void process.stdout.write(`${SERVER_VERSION}\n`);
  checkFilesRoots(options.filesRoots);
  process.on('unhandledRejection', (reason) => logger.error('unhandled rejection', reason));
  // Made once, up front: missing configuration stops start-up, not the first request. Under
  // OAuth there is no shared client: each user's calls carry that user's own token.
  const tokenKey = options.oauthIssuer ? parseTokenKey(process.env[TOKEN_KEY_ENV]) : undefined;
  const users = tokenKey ? { userTokens: await openUserTokens(options, tokenKey), tokenKey } : undefined;
  const client = users ? undefined : createClientFromEnv({ baseUrl: options.baseUrl, token: options.token });
  const common: CommonOptions = {
    ...(client ? { client } : { baseUrl: options.baseUrl }),
    readOnly: options.readOnly,
    filesRoots: options.filesRoots,
    allowPrivateUrls: options.allowPrivateUrls,
    maxUploadBytes: options.maxUploadBytes,
    logger,
    // Run tasks' handles verify on every replica given the same secrets (secrets/task-key.ts).
    taskKey: taskKeyFrom(process.env, [tokenKey, options.token]),
    ...(options.toolsets ? { toolsets: options.toolsets } : {}),
  };
  if (options.http) return serveHttp(options, common, users);
  serveStdio(options, common);
}

main().catch((error: unknown) => {
  const { line, exitCode } = failureLine(NAME, error);
  process.stderr.write(`${line}\n`);
  process.exit(exitCode);
});
