// The only place that knows the MCP SDK's (v2) tool API: it lists the plain tool definitions and
// dispatches calls to call-tool.ts, the same for 2026-07-28 requests and 2025-era ones.
import {
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type Tool,
} from '@modelcontextprotocol/server';
import { callTool, checkToolArguments, type Logger } from './call-tool.ts';
import { canElicit, confirmOrAsk } from './confirmation.ts';
import { toolJsonSchema } from './json-schema.ts';
import type { ToolAnnotations, ToolDefinition, ToolOptions } from './tool-definition.ts';
import type { TrackerClientLike } from './tracker-client-like.ts';

/** The protocol's value of each hint when it is left out (MCP ToolAnnotations). */
export const ANNOTATION_DEFAULTS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/**
 * The hints that differ from the protocol's defaults: a left-out hint means its default, so the
 * listing says the same in a quarter of the tokens. destructiveHint and idempotentHint mean
 * nothing for a read-only tool and are left out there too.
 */
export function listedAnnotations(hints: ToolAnnotations): Partial<ToolAnnotations> {
  const listed: Partial<ToolAnnotations> = {};
  for (const key of Object.keys(ANNOTATION_DEFAULTS) as (keyof ToolAnnotations)[]) {
    const onlyForWrites = key === 'destructiveHint' || key === 'idempotentHint';
    if (hints[key] !== ANNOTATION_DEFAULTS[key] && !(onlyForWrites && hints.readOnlyHint)) {
      listed[key] = hints[key];
    }
  }
  return listed;
}

// Built once per tool for the process: every HTTP session makes its own server, and the entries
// never change.
const listEntries = new WeakMap<ToolDefinition, Tool>();

/** The tools/list entry of a definition: what the model reads. */
export function toToolListEntry(tool: ToolDefinition): Tool {
  let entry = listEntries.get(tool);
  if (!entry) {
    entry = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: toolJsonSchema(tool.input, 'input'),
      outputSchema: toolJsonSchema(tool.output, 'output'),
      annotations: listedAnnotations(tool.annotations),
    };
    listEntries.set(tool, entry);
  }
  return entry;
}

export function registerTools(
  server: Server,
  tools: readonly ToolDefinition[],
  dependencies: { client: TrackerClientLike; options: ToolOptions; logger?: Logger },
): void {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listing = { tools: tools.map(toToolListEntry) };
  server.registerCapabilities({ tools: { listChanged: false } });
  server.setRequestHandler('tools/list', () => listing);
  server.setRequestHandler('tools/call', async (request, ctx): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool ${request.params.name}; tools/list shows the tools.`,
      );
    }
    const meta = request.params._meta as Record<string, unknown> | undefined;
    if (tool.confirm && canElicit(meta, server.getClientCapabilities())) {
      const checked = checkToolArguments(tool, request.params.arguments ?? {});
      if (checked.ok) {
        const asked = confirmOrAsk(tool.name, tool.confirm(checked.args), ctx.mcpReq.inputResponses);
        if (asked) return asked as CallToolResult;
      }
    }
    const progressToken = request.params._meta?.progressToken;
    return callTool(tool, request.params.arguments ?? {}, {
      ...dependencies,
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
  });
}
