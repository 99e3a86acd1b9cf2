// One tool call: the handler run under the call deadline, any failure turned into an isError
// result (tool-errors.ts). Over MCP the SDK has checked the arguments already (registerTool with
// tool-schema.ts's validate) and sdk-adapter.ts calls runTool; callTool also checks them, for
// callers without the SDK (tests, with any client, and no network when arguments are refused).
import { type Problem, problemsOf } from '@trackerkit/core';
import type { Logger } from '../config/logger.ts';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import type { AccountContext, ToolContext, ToolOptions, ToolResult } from './tool-context.ts';
import type { ToolDefinition } from './tool-definition.ts';
import { describeToolError, PartialSuccessError, ToolInputError } from './tool-errors.ts';

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
  account?: AccountContext | undefined;
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

/** How long a handler may take to settle after the deadline aborted it (to report partial work). */
const SETTLE_AFTER_DEADLINE_MS = 1000;

type Settled = { ok: true; value: ToolResult<unknown> } | { ok: false; error: unknown };

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** The text when the deadline ended a call whose handler said nothing more. */
function deadlineText(toolName: string, ms: number): string {
  return `${toolName}: the Tracker service did not answer within ${seconds(ms)} (this server's deadline, set below the usual 60 s client timeout), so the call was stopped. The service is slow or not answering; retry in a minute. Before repeating a create, run or upload, check with the matching list_* or get_* tool that it did not go through.`;
}

/** Runs one call of `tool` with raw `args`: the result an MCP client receives. */
export async function callTool(
  tool: ToolDefinition,
  args: unknown,
  dependencies: ToolCallDependencies,
): Promise<ToolCallResult> {
  const checked = checkToolArguments(tool, args);
  if (!checked.ok) return errorResult(describeToolError(tool.name, new ToolInputError(checked.problems)));
  return runTool(tool, checked.args, dependencies);
}

/** Runs one call of `tool` with arguments already checked (checkToolArguments' `args`). */
export async function runTool(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  dependencies: ToolCallDependencies,
): Promise<ToolCallResult> {
  const send = dependencies.sendProgress;
  // A tool that reports progress bounds itself when the client accepts progress (which keeps the
  // request alive); every other call ends by the deadline, with a message the model can act on.
  const deadlineMs = tool.reportsProgress && send ? undefined : dependencies.options.callTimeoutMs;
  // One signal for the handler, aborted by the deadline or by the caller: a listener on the
  // caller's signal rather than AbortSignal.any, which costs a weak reference and a finalizer per call.
  const stop = new AbortController();
  const outer = dependencies.signal;
  const onCallerAbort = () => stop.abort(outer?.reason);
  if (outer?.aborted) onCallerAbort();
  else outer?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    return await settle(tool, args, dependencies, stop, deadlineMs);
  } finally {
    outer?.removeEventListener('abort', onCallerAbort);
  }
}

/** The handler's result, or what the deadline makes of it (runTool's second half). */
async function settle(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  dependencies: ToolCallDependencies,
  stop: AbortController,
  deadlineMs: number | undefined,
): Promise<ToolCallResult> {
  const send = dependencies.sendProgress;
  const { signal } = stop;
  let deadlineHit = false;
  const context: ToolContext = {
    // Every request the handler makes ends with the call: cancelled by the caller, or at the deadline.
    client: dependencies.client.withSignal?.(signal) ?? dependencies.client,
    account: dependencies.account,
    options: dependencies.options,
    signal,
    canReportProgress: send !== undefined,
    async reportProgress(progress, total, message) {
      if (send === undefined || signal.aborted) return;
      await send(progress, total, message);
    },
  };
  const settled: Promise<Settled> = tool.handler(args, context).then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    if (deadlineMs !== undefined) timer = setTimeout(() => resolve('expired'), deadlineMs);
  });
  let outcome = await Promise.race([settled, expired]);
  clearTimeout(timer);
  if (outcome === 'expired') {
    deadlineHit = true;
    stop.abort(new Error('deadline'));
    const late = await Promise.race([
      settled,
      new Promise<'expired'>((resolve) => setTimeout(() => resolve('expired'), SETTLE_AFTER_DEADLINE_MS)),
    ]);
    // Only partial work is worth reporting after the deadline; anything else is the deadline's.
    if (late === 'expired' || late.ok || !(late.error instanceof PartialSuccessError)) {
      return errorResult(deadlineText(tool.name, deadlineMs as number));
    }
    outcome = late;
  }
  if (outcome.ok) {
    const result = outcome.value;
    return {
      content: [{ type: 'text', text: result.text }],
      structuredContent: result.structured as Record<string, unknown>,
      ...(result.isError ? { isError: true } : {}),
    };
  }
  const error = outcome.error;
  const text = describeToolError(tool.name, error);
  // Unexpected failures (not the service answering, not bad input) also go to the log.
  const cause = error instanceof PartialSuccessError ? error.cause : error;
  if (!(typeof cause === 'object' && cause !== null && ('status' in cause || 'field' in cause))) {
    dependencies.logger?.error(`${tool.name} failed`, error);
  }
  return errorResult(
    deadlineHit ? `${text} (stopped at this server's ${seconds(deadlineMs as number)} deadline)` : text,
  );
}
