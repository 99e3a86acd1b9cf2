// Flags and environment for the trackerkit-mcp command. Flags win over the environment.
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { hostFromOption, parseFlags, portFromFlag, UsageError, urlFromOption } from '@trackerkit/core/cli';
import { parseEnvBoolean } from './env-boolean.ts';
import { DEFAULT_MAX_CONCURRENT_REQUESTS, DEFAULT_MAX_UPLOAD_BYTES } from './limits.ts';
import { TOOLSETS, type Toolset } from './toolsets.ts';

export const DEFAULT_HTTP_PORT = 3100;

export interface CliOptions {
  help: boolean;
  version: boolean;
  baseUrl: string | undefined;
  token: string | undefined;
  readOnly: boolean;
  toolsets: Toolset[] | undefined;
  http: boolean;
  host: string;
  port: number;
  authToken: string | undefined;
  allowedHosts: string[];
  allowedOrigins: string[];
  /** Directories whose files the tools may read; none: no local file is read. */
  filesRoots: string[];
  allowPrivateUrls: boolean;
  /** Bytes the upload tools read at most from one file or one URL's decoded body. */
  maxUploadBytes: number;
  maxConcurrentRequests: number;
  /** Users sign in with OAuth at this authorization server (HTTP only). */
  oauthIssuer: string | undefined;
  /** The MCP endpoint's public URL, the audience of users' tokens (default: the listening URL). */
  publicUrl: string | undefined;
  /** The SQLite file of users' Tracker API tokens (OAuth only). */
  userStore: string;
  /** PostgreSQL for users' tokens instead of the file, shared by replicas (OAuth only). */
  databaseUrl: string | undefined;
  readScope: string | undefined;
  writeScope: string | undefined;
}

/** Where users' tokens are kept when --user-store is not given: the user's data directory. */
function defaultUserStore(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'trackerkit', 'mcp-users.db');
}

export const USAGE = `Usage: trackerkit-mcp [options]

MCP server for the Tracker Monitoring Service. Speaks stdio unless --http is given.

Options:
  --api-url <url>          Service address ending in /v1       (env TRACKER_API_URL)
  --api-token <token>      API token                           (env TRACKER_API_TOKEN)
  --read-only              Offer only tools that change nothing
                           (env TRACKERKIT_MCP_READ_ONLY: 1, true, 0 or false)
  --files-root <dir>       Let tools read files under this directory (repeatable; env
                           TRACKERKIT_MCP_FILES_ROOTS, separated by "${delimiter}"). None: no local
                           file is read
  --allow-private-urls     Let upload_vault_data fetch loopback and private-network URLs
  --max-upload-bytes <n>   Bytes read at most from one file or one URL's decoded body
                           (default ${DEFAULT_MAX_UPLOAD_BYTES}; env TRACKERKIT_MCP_MAX_UPLOAD_BYTES)
  --toolsets <list>        Comma-separated: ${TOOLSETS.join(',')} (env TRACKERKIT_MCP_TOOLSETS)
  --http                   Serve Streamable HTTP instead of stdio
  --host <host>            HTTP bind address (default 127.0.0.1)
  --port <port>            HTTP port (default ${DEFAULT_HTTP_PORT}; 0 picks a free one)
  --auth-token <token>     Bearer token HTTP clients must send (env TRACKERKIT_MCP_AUTH_TOKEN);
                           when none is given one is generated and printed in the ready line
  --allowed-hosts <list>   Extra Host names accepted over HTTP (DNS-rebinding check)
  --allowed-origins <list> Extra Origins accepted over HTTP
  --max-requests <n>       Concurrent HTTP requests (default ${DEFAULT_MAX_CONCURRENT_REQUESTS}); more get 503

Hosted for a team (HTTP only): users sign in with OAuth and each brings their own API token.
  --oauth-issuer <url>     Authorization server issuing JWT access tokens for this server
                           (env TRACKERKIT_MCP_OAUTH_ISSUER); replaces --auth-token and --api-token
  --public-url <url>       This endpoint's public URL, the tokens' audience
                           (env TRACKERKIT_MCP_PUBLIC_URL; default the listening URL)
  --user-store <file>      SQLite file of users' API tokens (env TRACKERKIT_MCP_USER_STORE;
                           default $XDG_DATA_HOME/trackerkit/mcp-users.db); tokens are encrypted
                           with TRACKERKIT_MCP_TOKEN_KEY (32 bytes, base64)
  --database-url <url>     Keep users' API tokens in PostgreSQL instead, shared by replicas
                           (env TRACKERKIT_MCP_DATABASE_URL)
  --oauth-read-scope <s>   Scope every call needs (default tracker:read)
  --oauth-write-scope <s>  Scope the tools that change anything need (default tracker:write)
  -h, --help               Show this help
  -v, --version            Show the version

Over HTTP, ready is one JSON line on stdout: {"event":"ready","name":"trackerkit-mcp",
"url":"http://127.0.0.1:3100/mcp","auth_token":"..." (only when generated)}; logs go to stderr.
Over stdio, stdout carries the protocol: nothing else is printed there, and the client's first
request is the handshake. SIGINT or SIGTERM: calls in flight are answered, then it exits 0.
Bad usage (a flag, a value, a base URL without /v1, a port taken): one line on stderr, exit 2.`;

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean) ?? [];

/** A usage mistake: the bin prints it in one line (core's failureLine) and exits 2. */
class CliUsageError extends UsageError {
  constructor(message: string) {
    super(message);
    this.name = 'CliUsageError';
  }
}

/**
 * The toolsets named by the flag, else the environment; undefined (all) when neither is given.
 * A list that names none (`""`, `","`) is a mistake, not "all": serving every tool, including
 * the ones that delete, is not what someone who set the list meant.
 */
function toolsetsOf(flag: string | undefined, fromEnv: string | undefined): string[] | undefined {
  // An empty variable is an unset one (`TRACKERKIT_MCP_TOOLSETS:` left blank in a compose file),
  // as for every other variable of this server; `,` names no toolset and is a mistake.
  const env = fromEnv?.trim() === '' ? undefined : fromEnv;
  const [raw, source] = flag !== undefined ? [flag, '--toolsets'] : [env, 'TRACKERKIT_MCP_TOOLSETS'];
  if (raw === undefined) return undefined;
  const names = list(raw);
  const choose = `choose one or more of ${TOOLSETS.join(', ')}, separated by commas`;
  if (names.length === 0) {
    throw new CliUsageError(
      `${source}: names no toolset (${JSON.stringify(raw)}); ${choose}, or leave it out for all`,
    );
  }
  for (const name of names) {
    if (!(TOOLSETS as readonly string[]).includes(name)) {
      throw new CliUsageError(`${source}: unknown toolset "${name}"; ${choose}`);
    }
  }
  return names;
}

/** --max-upload-bytes, else the environment (an empty variable is unset), else the default. */
function maxUploadBytesOf(flag: string | undefined, fromEnv: string | undefined): number {
  const env = fromEnv?.trim() === '' ? undefined : fromEnv;
  const [raw, source] =
    flag !== undefined ? [flag, '--max-upload-bytes'] : [env, 'TRACKERKIT_MCP_MAX_UPLOAD_BYTES'];
  if (raw === undefined) return DEFAULT_MAX_UPLOAD_BYTES;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1) {
    throw new CliUsageError(`${source}: must be a whole number of bytes, at least 1, got "${raw}"`);
  }
  return value;
}

export function parseCliOptions(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  const { values } = parse(argv);
  const toolsetNames = toolsetsOf(values.toolsets, env.TRACKERKIT_MCP_TOOLSETS);
  const port = values.port === undefined ? DEFAULT_HTTP_PORT : portFromFlag('port', values.port);
  const positive = (flag: string, raw: string | undefined, fallback: number) => {
    const value = Number(raw ?? fallback);
    if (!Number.isInteger(value) || value < 1) {
      throw new CliUsageError(`--${flag}: must be an integer >= 1, got "${raw}"`);
    }
    return value;
  };
  let envReadOnly: boolean | undefined;
  try {
    envReadOnly = parseEnvBoolean('TRACKERKIT_MCP_READ_ONLY', env.TRACKERKIT_MCP_READ_ONLY);
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  const oauthIssuer = values['oauth-issuer'] ?? env.TRACKERKIT_MCP_OAUTH_ISSUER;
  if (oauthIssuer && !values.http)
    throw new CliUsageError(
      '--oauth-issuer: needs --http (over stdio the server serves one person, with TRACKER_API_TOKEN)',
    );
  if (oauthIssuer && (values['auth-token'] ?? env.TRACKERKIT_MCP_AUTH_TOKEN))
    throw new CliUsageError('--auth-token: not with --oauth-issuer (users sign in with OAuth instead)');
  const databaseUrl = values['database-url'] ?? env.TRACKERKIT_MCP_DATABASE_URL;
  if (databaseUrl && !oauthIssuer)
    throw new CliUsageError(
      "--database-url: only with --oauth-issuer (it keeps the signed-in users' API tokens)",
    );
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new CliUsageError(
      `--database-url: must be a postgres:// or postgresql:// URL, got "${databaseUrl.split(':')[0]}:..."`,
    );
  const publicUrl = values['public-url'] ?? (env.TRACKERKIT_MCP_PUBLIC_URL || undefined);
  if (publicUrl !== undefined) {
    const name = values['public-url'] !== undefined ? '--public-url' : 'TRACKERKIT_MCP_PUBLIC_URL';
    urlFromOption(name, publicUrl, ['https:', 'http:'], 'https://mcp.example.com/mcp');
  }
  return {
    oauthIssuer,
    publicUrl,
    userStore: values['user-store'] ?? env.TRACKERKIT_MCP_USER_STORE ?? defaultUserStore(env),
    databaseUrl,
    readScope: values['oauth-read-scope'],
    writeScope: values['oauth-write-scope'],
    help: values.help ?? false,
    version: values.version ?? false,
    baseUrl: values['api-url'] ?? env.TRACKER_API_URL,
    token: values['api-token'] ?? env.TRACKER_API_TOKEN,
    readOnly: values['read-only'] ?? envReadOnly ?? false,
    toolsets: toolsetNames as Toolset[] | undefined,
    http: values.http ?? false,
    host: values.host === undefined ? '127.0.0.1' : hostFromOption('--host', values.host),
    port,
    authToken: values['auth-token'] ?? env.TRACKERKIT_MCP_AUTH_TOKEN,
    allowedHosts: list(values['allowed-hosts']),
    allowedOrigins: list(values['allowed-origins']),
    filesRoots: values['files-root']?.length
      ? values['files-root']
      : (env.TRACKERKIT_MCP_FILES_ROOTS ?? '').split(delimiter).filter(Boolean),
    allowPrivateUrls: values['allow-private-urls'] ?? false,
    maxUploadBytes: maxUploadBytesOf(values['max-upload-bytes'], env.TRACKERKIT_MCP_MAX_UPLOAD_BYTES),
    maxConcurrentRequests: positive('max-requests', values['max-requests'], DEFAULT_MAX_CONCURRENT_REQUESTS),
  };
}

function parse(argv: readonly string[]) {
  return parseFlags({
    args: [...argv],
    allowPositionals: false,
    options: {
      'api-url': { type: 'string' },
      'api-token': { type: 'string' },
      'read-only': { type: 'boolean' },
      toolsets: { type: 'string' },
      http: { type: 'boolean' },
      host: { type: 'string' },
      port: { type: 'string' },
      'auth-token': { type: 'string' },
      'allowed-hosts': { type: 'string' },
      'allowed-origins': { type: 'string' },
      'files-root': { type: 'string', multiple: true },
      'max-requests': { type: 'string' },
      'allow-private-urls': { type: 'boolean' },
      'max-upload-bytes': { type: 'string' },
      'oauth-issuer': { type: 'string' },
      'public-url': { type: 'string' },
      'user-store': { type: 'string' },
      'database-url': { type: 'string' },
      'oauth-read-scope': { type: 'string' },
      'oauth-write-scope': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
}
