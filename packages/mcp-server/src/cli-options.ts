// Flags and environment for the trackerkit-mcp command. Flags win over the environment.
import { parseArgs } from 'node:util';
import { DEFAULT_SESSION_IDLE_MS } from './http-sessions.ts';
import { TOOLSETS, type Toolset } from './tool-definition.ts';

export const DEFAULT_HTTP_PORT = 3100;
/** Minutes an HTTP session may stay idle before it is closed. */
export const DEFAULT_SESSION_TIMEOUT_MINUTES = DEFAULT_SESSION_IDLE_MS / 60_000;

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
  /** Idle HTTP sessions are closed after this many minutes; 0 never. */
  sessionTimeoutMinutes: number;
}

export const USAGE = `Usage: trackerkit-mcp [options]

MCP server for the Tracker Monitoring Service. Speaks stdio unless --http is given.

Options:
  --api-url <url>          Service address ending in /v1       (env TRACKER_API_URL)
  --api-token <token>      API token                           (env TRACKER_API_TOKEN)
  --read-only              Offer only tools that change nothing (env TRACKERKIT_MCP_READ_ONLY=1)
  --toolsets <list>        Comma-separated: ${TOOLSETS.join(',')} (env TRACKERKIT_MCP_TOOLSETS)
  --http                   Serve Streamable HTTP instead of stdio
  --host <host>            HTTP bind address (default 127.0.0.1)
  --port <port>            HTTP port (default ${DEFAULT_HTTP_PORT}; 0 picks a free one)
  --auth-token <token>     Bearer token HTTP clients must send; required off loopback
                           (env TRACKERKIT_MCP_AUTH_TOKEN)
  --allowed-hosts <list>   Extra Host names accepted over HTTP (DNS-rebinding check)
  --allowed-origins <list> Extra Origins accepted over HTTP
  --session-timeout <min>  Close HTTP sessions idle this many minutes (default ${DEFAULT_SESSION_TIMEOUT_MINUTES}; 0 never)
  -h, --help               Show this help
  -v, --version            Show the version`;

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean) ?? [];

export class CliUsageError extends Error {
  constructor(message: string) {
    super(`@trackerkit/mcp-server: ${message}`);
    this.name = 'CliUsageError';
  }
}

export function parseCliOptions(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  const toolsetNames = list(values.toolsets ?? env.TRACKERKIT_MCP_TOOLSETS);
  for (const name of toolsetNames) {
    if (!(TOOLSETS as readonly string[]).includes(name)) {
      throw new CliUsageError(`--toolsets: unknown toolset "${name}"; choose from ${TOOLSETS.join(', ')}`);
    }
  }
  const port = Number(values.port ?? DEFAULT_HTTP_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CliUsageError(`--port: must be an integer 0-65535, got "${values.port}"`);
  }
  const sessionTimeout = Number(values['session-timeout'] ?? DEFAULT_SESSION_TIMEOUT_MINUTES);
  if (!Number.isFinite(sessionTimeout) || sessionTimeout < 0) {
    throw new CliUsageError(
      `--session-timeout: must be a number of minutes >= 0, got "${values['session-timeout']}"`,
    );
  }
  return {
    help: values.help ?? false,
    version: values.version ?? false,
    baseUrl: values['api-url'] ?? env.TRACKER_API_URL,
    token: values['api-token'] ?? env.TRACKER_API_TOKEN,
    readOnly: values['read-only'] ?? ['1', 'true'].includes(env.TRACKERKIT_MCP_READ_ONLY ?? ''),
    toolsets: toolsetNames.length ? (toolsetNames as Toolset[]) : undefined,
    http: values.http ?? false,
    host: values.host ?? '127.0.0.1',
    port,
    authToken: values['auth-token'] ?? env.TRACKERKIT_MCP_AUTH_TOKEN,
    allowedHosts: list(values['allowed-hosts']),
    allowedOrigins: list(values['allowed-origins']),
    sessionTimeoutMinutes: sessionTimeout,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
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
      'session-timeout': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
}
