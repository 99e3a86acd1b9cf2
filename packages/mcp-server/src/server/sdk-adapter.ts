// The only place that knows the MCP SDK's (v2) tool API: the plain tool definitions, registered
// in a loop with McpServer.registerTool. The SDK lists them, routes tools/call, validates the
// arguments and the structuredContent (tool-schema.ts gives it our schemas) and projects the
// result for the request's era; the callback asks for confirmation and runs call-tool.ts.
import {
  type CallToolResult,
  type McpServer,
  requireScopes,
  type Tool,
  type ToolCallback,
} from '@modelcontextprotocol/server';
import { appToolMeta } from '../apps/signal-chart.ts';
import type { Logger } from '../config/logger.ts';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import { legacyToolExecution } from '../tasks/legacy-task-wire.ts';
import { acceptsTasks, isLegacyTaskCall, startToolTask } from '../tasks/task-protocol.ts';
import { runTool } from '../tool-api/call-tool.ts';
import type { AccountContext, ToolOptions } from '../tool-api/tool-context.ts';
import type { ToolAnnotations, ToolDefinition } from '../tool-api/tool-definition.ts';
import { type ToolSchemas, toolSchemas } from '../tool-api/tool-schema.ts';
import { canElicit, confirmOrAsk } from './confirmation.ts';

/** The protocol's value of each hint when it is left out (MCP ToolAnnotations). */
export const ANNOTATION_DEFAULTS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/**
 * The hints that differ from the protocol's defaults: a left-out hint means its default, so the
 * listing says the same in far fewer tokens. destructiveHint and idempotentHint mean
 * nothing for a read-only tool and are left out there too. A tool that asks the user to confirm
 * (`confirmed`) states destructiveHint even though it is the default: for the clients that
 * cannot be asked (no elicitation, or stateless 2025-era HTTP) the hint is the only warning, and
 * a host that does not apply the protocol's defaults must still see it.
 */
export function listedAnnotations(hints: ToolAnnotations, confirmed = false): Partial<ToolAnnotations> {
  const listed: Partial<ToolAnnotations> = {};
  for (const key of Object.keys(ANNOTATION_DEFAULTS) as (keyof ToolAnnotations)[]) {
    const onlyForWrites = key === 'destructiveHint' || key === 'idempotentHint';
    const stated = key === 'destructiveHint' && confirmed && hints.destructiveHint;
    if (stated || (hints[key] !== ANNOTATION_DEFAULTS[key] && !(onlyForWrites && hints.readOnlyHint))) {
      listed[key] = hints[key];
    }
  }
  return listed;
}

/**
 * The tools/list entry of a definition, as the SDK lists it (a test compares the two): what the
 * model reads.
 */
export function toToolListEntry(tool: ToolDefinition): Tool {
  const { inputSchema, outputSchema, ...listed } = toolConfig(tool);
  return {
    name: tool.name,
    ...listed,
    inputSchema: inputSchema['~standard'].jsonSchema.input({
      target: 'draft-2020-12',
    }) as Tool['inputSchema'],
    outputSchema: outputSchema['~standard'].jsonSchema.output({
      target: 'draft-2020-12',
    }) as Tool['outputSchema'],
  };
}

type ToolConfig = ToolSchemas & {
  title: string;
  description: string;
  annotations: Partial<ToolAnnotations>;
  _meta?: Record<string, unknown>;
};

// Built once per tool for the process: over HTTP every request registers the tools on a fresh
// server, so only the callback is made per request.
const configs = new WeakMap<ToolDefinition, ToolConfig>();

/**
 * The step-up challenge of `tool` under OAuth (`writeScopes` given): a tool that changes the service
 * needs the write scopes; reading tools and the account's own tools need none.
 */
function scopeChallengeOf(
  tool: ToolDefinition,
  writeScopes: readonly [string, ...string[]] | undefined,
): ReturnType<typeof requireScopes> | undefined {
  if (!writeScopes || tool.annotations.readOnlyHint || tool.toolset === 'account') return undefined;
  return requireScopes(...writeScopes);
}

function toolConfig(tool: ToolDefinition): ToolConfig {
  let config = configs.get(tool);
  if (!config) {
    config = {
      title: tool.title,
      description: tool.description,
      ...toolSchemas(tool),
      annotations: listedAnnotations(tool.annotations, tool.confirm !== undefined),
      ...(tool.ui ? { _meta: appToolMeta(tool.ui.resourceUri) } : {}),
    };
    configs.set(tool, config);
  }
  return config;
}

export function registerTools(
  server: McpServer,
  tools: readonly ToolDefinition[],
  dependencies: {
    client: TrackerClientLike;
    options: ToolOptions;
    logger?: Logger;
    account?: AccountContext | undefined;
    /**
     * The OAuth scopes a tool that changes the service needs (read and write). A token without
     * them still lists every tool; calling one of those answers 403 insufficient_scope naming the
     * complete set, so the client can ask the user for more (the MCP authorization spec's step-up)
     * and keeps what it had.
     */
    writeScopes?: readonly [string, ...string[]] | undefined;
    /** Signs task handles: tools that can start a task do so for clients that take tasks. */
    taskKey?: Uint8Array | undefined;
  },
): void {
  const { writeScopes, taskKey, ...callDependencies } = dependencies;
  for (const tool of tools) {
    const scopeChallenge = scopeChallengeOf(tool, writeScopes);
    const config = scopeChallenge ? { ...toolConfig(tool), scopeChallenge } : toolConfig(tool);
    const callback: ToolCallback<ToolSchemas['inputSchema']> = async (args, ctx) => {
      const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
      if (tool.confirm && canElicit(envelope, server.server.getClientCapabilities())) {
        const asked = confirmOrAsk(tool.name, tool.confirm(args), ctx.mcpReq.inputResponses);
        if (asked) return asked as CallToolResult;
      }
      const legacyTask = isLegacyTaskCall(ctx);
      if (tool.task && taskKey && (legacyTask || acceptsTasks(envelope))) {
        return (await startToolTask(tool, args, {
          client: dependencies.client,
          options: dependencies.options,
          signal: ctx.mcpReq.signal,
          key: taskKey,
          inputResponses: ctx.mcpReq.inputResponses,
          legacy: legacyTask,
        })) as CallToolResult;
      }
      const progressToken = ctx.mcpReq._meta?.progressToken;
      return runTool(tool, args, {
        ...callDependencies,
        signal: ctx.mcpReq.signal,
        sendProgress:
          progressToken === undefined
            ? undefined
            : (progress, total, message) =>
                ctx.mcpReq.notify({
                  method: 'notifications/progress',
                  params: { progressToken, progress, ...(total === undefined ? {} : { total }), message },
                }),
      });
    };
    const registered = server.registerTool(tool.name, config, callback);
    // registerTool takes no `execution`; the 2025-era listing needs it (the SDK drops it for 2026).
    registered.execution = legacyToolExecution(tool);
  }
}
