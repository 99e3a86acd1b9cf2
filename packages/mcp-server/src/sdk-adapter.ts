// The only place that knows the MCP SDK's (v1) tool API: it lists the plain tool definitions and
// dispatches calls to their handlers. Moving to the SDK's v2 packages replaces this file.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { describeArgumentIssues, toolJsonSchema } from './json-schema.ts';
import type { ToolContext, ToolDefinition, ToolOptions } from './tool-definition.ts';
import { describeToolError, PartialSuccessError } from './tool-errors.ts';
import type { TrackerClientLike } from './tracker-client-like.ts';

export interface Logger {
  error(message: string, error?: unknown): void;
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
      annotations: { ...tool.annotations },
    };
    listEntries.set(tool, entry);
  }
  return entry;
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
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
    const parsed = tool.input.safeParse(request.params.arguments ?? {});
    if (!parsed.success) {
      return errorResult(`${tool.name}: invalid arguments: ${describeArgumentIssues(parsed.error)}.`);
    }
    const progressToken = request.params._meta?.progressToken;
    const context: ToolContext = {
      client: dependencies.client,
      options: dependencies.options,
      signal: extra.signal,
      canReportProgress: progressToken !== undefined,
      async reportProgress(progress, total, message) {
        if (progressToken === undefined || extra.signal.aborted) return;
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken, progress, ...(total === undefined ? {} : { total }), message },
        });
      },
    };
    try {
      const result = await tool.handler(parsed.data, context);
      return {
        content: [{ type: 'text', text: result.text }],
        structuredContent: result.structured as Record<string, unknown>,
      };
    } catch (error) {
      const text = describeToolError(tool.name, error);
      // Unexpected failures (not the service answering, not bad input) also go to the log.
      const cause = error instanceof PartialSuccessError ? error.cause : error;
      if (!(typeof cause === 'object' && cause !== null && ('status' in cause || 'field' in cause))) {
        dependencies.logger?.error(`${tool.name} failed`, error);
      }
      return errorResult(text);
    }
  });
}
