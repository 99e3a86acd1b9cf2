import { McpServer } from '@modelcontextprotocol/server';
import { DEFAULT_SKILL_COSTS } from '@trackerkit/core';
import { registerSignalChart } from '../apps/signal-chart.ts';
import { DEFAULT_CALL_TIMEOUT_MS, DEFAULT_MAX_UPLOAD_BYTES } from '../config/limits.ts';
import type { Logger } from '../config/logger.ts';
import type { Toolset } from '../config/toolsets.ts';
import { SERVER_INFO } from '../config/version.ts';
import { registerResources } from '../resources/resources.ts';
import { taskKeyFrom } from '../secrets/task-key.ts';
import { createClientFromEnv } from '../service/client-factory.ts';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import { registerResourceSubscriptions } from '../subscriptions/resource-subscriptions.ts';
import { DEFAULT_SUBSCRIPTION_POLL_MS, RunWatch } from '../subscriptions/run-watch.ts';
import { LEGACY_TASKS_CAPABILITY } from '../tasks/legacy-task-wire.ts';
import { registerTasks, routeTaskCalls, TASKS_CAPABILITY, taskBackings } from '../tasks/task-protocol.ts';
import type { AccountContext, ToolOptions } from '../tool-api/tool-context.ts';
import type { ToolDefinition } from '../tool-api/tool-definition.ts';
import type { ConnectAddress, HostLookup } from '../tool-api/url-seams.ts';
import { accountTools } from '../tools/account/register-tracker-token.ts';
import { selectTools } from '../tools/index.ts';
import { CACHE_HINTS } from './cache-hints.ts';
import { registerPrompts } from './prompts.ts';
import { registerTools } from './sdk-adapter.ts';

export interface TrackerMcpServerOptions {
  /** A client to use; otherwise one is made from baseUrl and token. */
  client?: TrackerClientLike;
  /** The service address ending in /v1 (default: TRACKER_API_URL). */
  baseUrl?: string;
  /** The API token (default: TRACKER_API_TOKEN). */
  token?: string;
  /** List and serve only tools that change nothing. */
  readOnly?: boolean;
  /** List and serve only these groups of tools (all when omitted). */
  toolsets?: readonly Toolset[];
  /**
   * Tools offered after the catalogue, as given (readOnly and toolsets do not filter them): an
   * embedder's own, or the conformance suite's fixtures (test/conformance). They are served like
   * the catalogue's, tasks included: a tool with a `task` brings its backing.
   */
  extraTools?: readonly ToolDefinition[];
  /** Directories whose files the upload tools may read (default none: no local file is read). */
  filesRoots?: readonly string[];
  /** Let upload_vault_data fetch loopback and private-network URLs (default false). */
  allowPrivateUrls?: boolean;
  /**
   * How upload_vault_data resolves a URL's host (default: the system resolver). Every address
   * it answers is checked, once per redirect hop; the connection goes to a checked one.
   */
  lookup?: HostLookup;
  /** How upload_vault_data connects to a checked address (default: TCP, TLS for https, to exactly it). */
  connect?: ConnectAddress;
  /**
   * Bytes the upload tools read at most from one file, or from one URL's body once decoded
   * (default: LIMITS.fileBytesMax, 10,000,000).
   */
  maxUploadBytes?: number;
  /** Deadline of a tool call without a progress token (default 50,000 ms). */
  callTimeoutMs?: number;
  /** Skill base costs for estimate_run_cost (default: the document's DEFAULT_SKILL_COSTS). */
  skillCosts?: Readonly<Record<string, number>>;
  /** Where skillCosts come from, quoted with each estimate (default: names the suite's defaults, or "configured by the operator"). */
  skillCostsSource?: string;
  /** Interval of progress notifications during long calls (default 5000 ms). */
  progressIntervalMs?: number;
  logger?: Logger;
  /** A signed-in user's registration (OAuth): adds the account tools. */
  account?: AccountContext;
  /** The OAuth scopes the tools that change the service need (OAuth only). */
  writeScopes?: readonly [string, ...string[]];
  /**
   * Signs the handles of run tasks (Tasks extension); replicas must share it. Default:
   * TRACKERKIT_MCP_TASK_KEY, else derived from the API token (token or TRACKER_API_TOKEN), else one
   * random key for this process.
   */
  taskKey?: Uint8Array;
  /**
   * Offer resources/subscribe (2025 era) on tracker:// URIs, fed by polling the service while
   * someone is subscribed (default false). Only for a server that keeps its session (stdio, an
   * in-process transport): a server made for one stateless request has no one to notify later.
   */
  subscriptions?: boolean;
  /**
   * Time between two polls of a subscribed tracker's runs (default:
   * TRACKERKIT_MCP_SUBSCRIPTION_POLL_MS, else 10,000 ms).
   */
  subscriptionPollMs?: number;
  /**
   * The one request this server answers is a tools/call of this tool (a stateless HTTP request):
   * only that tool is registered, not the rest of the table, the prompts, resources and task
   * handlers it cannot reach (the request would build them for nothing). A name the server does not
   * offer registers none, and gets the same unknown-tool answer.
   */
  toolCall?: string | undefined;
}

/** The poll interval: the option, else the environment, else the default. */
export function subscriptionPollMs(option: number | undefined, env: NodeJS.ProcessEnv = process.env): number {
  const raw =
    option ??
    (env.TRACKERKIT_MCP_SUBSCRIPTION_POLL_MS ? Number(env.TRACKERKIT_MCP_SUBSCRIPTION_POLL_MS) : undefined);
  if (raw === undefined) return DEFAULT_SUBSCRIPTION_POLL_MS;
  if (!Number.isInteger(raw) || raw < 100) {
    throw new RangeError(
      `subscription poll interval must be a whole number of ms, at least 100 (got ${raw})`,
    );
  }
  return raw;
}

// Resolved once per process: over HTTP a server is made per request, and a handle signed by one
// must verify on the next.
const defaultTaskKeys = new Map<string, Uint8Array>();
function defaultTaskKey(token: string | undefined): Uint8Array {
  const cacheKey = token ?? '';
  let key = defaultTaskKeys.get(cacheKey);
  if (!key) {
    key = taskKeyFrom(process.env, [token]);
    defaultTaskKeys.set(cacheKey, key);
  }
  return key;
}

const INSTRUCTIONS = [
  'Tracker Monitoring Service: trackers are AI monitoring jobs in spaces; each run yields a signal',
  '(score 0-10, a label from Poor to Excellent, an analysis). Find ids with list_spaces, then list_trackers.',
  'Typical flow: create_tracker, upload_vault_data, run_tracker (waits; if done=false, call get_run later),',
  'list_runs to review signals. Deletions are irreversible: confirm with the user first.',
].join(' ');

/** The tools' options with the server's defaults filled in (callTool takes these). */
export function resolveToolOptions(
  options: Pick<
    TrackerMcpServerOptions,
    | 'filesRoots'
    | 'allowPrivateUrls'
    | 'lookup'
    | 'connect'
    | 'maxUploadBytes'
    | 'callTimeoutMs'
    | 'skillCosts'
    | 'skillCostsSource'
    | 'progressIntervalMs'
  > = {},
): ToolOptions {
  return {
    filesRoots: options.filesRoots ?? [],
    allowPrivateUrls: options.allowPrivateUrls ?? false,
    lookup: options.lookup,
    connect: options.connect,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    callTimeoutMs: options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    skillCosts: options.skillCosts ?? DEFAULT_SKILL_COSTS,
    skillCostsSource:
      options.skillCostsSource ??
      (options.skillCosts
        ? 'skill costs configured by the operator of this MCP server'
        : "trackerkit's assumed default skill costs (x-trackerkit-default-skill-costs in its OpenAPI document)"),
    progressIntervalMs: options.progressIntervalMs ?? 5000,
  };
}

/** An MCP server exposing the Tracker tools, resources and prompts; connect it to any transport. */
export function createTrackerMcpServer(options: TrackerMcpServerOptions = {}): McpServer {
  const client = options.client ?? createClientFromEnv({ baseUrl: options.baseUrl, token: options.token });
  const toolOptions = resolveToolOptions(options);
  const server = new McpServer(SERVER_INFO, {
    instructions: INSTRUCTIONS,
    // The tool set is fixed for the process (the SDK would announce listChanged: true).
    capabilities: {
      logging: {},
      tools: { listChanged: false },
      ...(options.subscriptions ? { resources: { subscribe: true, listChanged: false } } : {}),
      // Tasks in both eras: the extension (2026-07-28), capabilities.tasks (2025-11-25); the SDK
      // drops what an era does not have.
      ...TASKS_CAPABILITY,
      ...LEGACY_TASKS_CAPABILITY,
    },
    cacheHints: CACHE_HINTS,
  });
  const selected = selectTools({ readOnly: options.readOnly, toolsets: options.toolsets });
  const offered = [...(options.account ? accountTools : []), ...selected, ...(options.extraTools ?? [])];
  const taskKey = options.taskKey ?? defaultTaskKey(options.token ?? process.env.TRACKER_API_TOKEN);
  const toolCall = options.toolCall;
  const registered = toolCall === undefined ? offered : offered.filter((tool) => tool.name === toolCall);
  registerTools(server, registered, {
    taskKey,
    client,
    options: toolOptions,
    account: options.account,
    writeScopes: options.writeScopes,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  routeTaskCalls(server, registered);
  if (toolCall !== undefined) return server;
  registerTasks(server, { client, key: taskKey, backings: taskBackings(offered) });
  registerResources(server, client);
  if (options.subscriptions) {
    const watch = new RunWatch({
      client,
      intervalMs: subscriptionPollMs(options.subscriptionPollMs),
      onError: (trackerId, error) =>
        options.logger?.error(`polling the runs of ${trackerId} failed; retrying`, error),
    });
    const dropAll = registerResourceSubscriptions(server, { client, watch });
    // The session's subscriptions end with it: no poll outlives its last subscriber.
    const onclose = server.server.onclose;
    server.server.onclose = () => {
      dropAll();
      watch.close();
      onclose?.();
    };
  }
  registerSignalChart(server);
  registerPrompts(server, client);
  return server;
}
