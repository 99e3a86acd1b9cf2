// One tool call without the SDK: arguments checked by the tool's schema and the core's rules, the
// handler run, any failure turned into an isError result. sdk-adapter.ts hands protocol requests
// here; tests call it directly, with any client, and no network when the arguments are refused.
import { type Problem, problemsOf } from '@trackerkit/core';
import type { ToolContext, ToolDefinition, ToolOptions } from './tool-definition.ts';
import { describeToolError, PartialSuccessError, ToolInputError } from './tool-errors.ts';
import type { TrackerClientLike } from './tracker-client-like.ts';

export interface Logger {
  error(message: string, error?: unknown): void;
}

/** The MCP CallToolResult this server produces (a type, so it fits the SDK's open result type). */
export type ToolCallResult = {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

export type ArgumentCheck<A = Record<string, unknown>> =
  | { ok: true; args: A }
  | { ok: false; problems: Problem[] };

/**
 * A tool's argument handling alone: its input schema, then its `check` (the core's rules). Each
 * problem names the argument as the tool takes it (`instruction`, not `agent_config.instruction`).
 */
export function checkToolArguments(tool: ToolDefinition, args: unknown): ArgumentCheck {
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) return { ok: false, problems: problemsOf(tool.input, args ?? {}) };
  const problems = tool.check?.(parsed.data) ?? [];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, args: parsed.data };
}

export interface ToolCallDependencies {
  client: TrackerClientLike;
  options: ToolOptions;
  logger?: Logger | undefined;
  /** Aborted when the caller cancels (default: never). */
  signal?: AbortSignal | undefined;
  /** Sends a progress notification; absent when the caller sent no progress token. */
  sendProgress?:
    | ((progress: number, total: number | undefined, message: string) => Promise<void>)
    | undefined;
}

function errorResult(text: string): ToolCallResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Runs one call of `tool` with raw `args`: the result an MCP client receives. */
export async function callTool(
  tool: ToolDefinition,
  args: unknown,
  dependencies: ToolCallDependencies,
): Promise<ToolCallResult> {
  const checked = checkToolArguments(tool, args);
  if (!checked.ok) return errorResult(describeToolError(tool.name, new ToolInputError(checked.problems)));
  const signal = dependencies.signal ?? new AbortController().signal;
  const send = dependencies.sendProgress;
  const context: ToolContext = {
    client: dependencies.client,
    options: dependencies.options,
    signal,
    canReportProgress: send !== undefined,
    async reportProgress(progress, total, message) {
      if (send === undefined || signal.aborted) return;
      await send(progress, total, message);
    },
  };
  try {
    const result = await tool.handler(checked.args, context);
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
}
