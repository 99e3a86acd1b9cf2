// The only place that knows the MCP SDK's (v1) tool API: it lists the plain tool definitions and
// dispatches calls to call-tool.ts. Moving to the SDK's v2 packages replaces this file.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { callTool, type Logger } from './call-tool.ts';
import { toolJsonSchema } from './json-schema.ts';
import type { ToolDefinition, ToolOptions } from './tool-definition.ts';
import type { TrackerClientLike } from './tracker-client-like.ts';

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
      annotations: { ...tool.annotations },
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
  server.setRequestHandler(ListToolsRequestSchema, () => listing);
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool ${request.params.name}; tools/list shows the tools.`,
      );
    }
    const progressToken = request.params._meta?.progressToken;
    return callTool(tool, request.params.arguments ?? {}, {
      ...dependencies,
      signal: extra.signal,
      sendProgress:
        progressToken === undefined
          ? undefined
          : (progress, total, message) =>
              extra.sendNotification({
                method: 'notifications/progress',
                params: { progressToken, progress, ...(total === undefined ? {} : { total }), message },
              }),
    });
  });
}
