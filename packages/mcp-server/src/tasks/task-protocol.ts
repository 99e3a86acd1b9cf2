// The Tasks extension (io.modelcontextprotocol/tasks, SEP-2663, 2026-07-28), once for every kind
// of task: a client that declares the extension in a request's capabilities gets a task-capable
// tool's work as a task at once (CreateTaskResult) and follows it with tasks/get; every other
// client gets the tool as before (or -32021 for a tool that runs only as a task). What a task is
// comes from its backing (tool-api/task-backing.ts); a task id is a sealed handle naming the backing and its
// fields (task-handle.ts), so any replica answers for it and a client may come back anywhere.
// A 2025-era request (no envelope) gets the same tasks in that era's experimental wire
// (legacy-task-wire.ts): same backings, same handles, so an id from either path opens on both.
import {
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
  type McpServer,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import type { ToolCallResult } from '../tool-api/call-tool.ts';
import type { TaskBacking, TaskState } from '../tool-api/task-backing.ts';
import type { ToolOptions, ToolResult } from '../tool-api/tool-context.ts';
import type { ToolDefinition } from '../tool-api/tool-definition.ts';
import { describeToolError } from '../tool-api/tool-errors.ts';
import {
  LEGACY_RESULT_HOLD_MS,
  legacyCancelRefused,
  legacyCreateTaskResult,
  legacyGetTaskResult,
  legacyTask,
  legacyTaskResult,
  requestedLegacyTask,
} from './legacy-task-wire.ts';
import { signTaskHandle, type TaskHandle, verifyTaskHandle } from './task-handle.ts';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

type Envelope = Record<string, unknown> | undefined;

/**
 * A 2025-era request: the SDK lifts a 2026-07-28 request's envelope (which must carry the protocol
 * version and client capabilities) into ctx.mcpReq.envelope; an earlier era's request has none.
 */
const isLegacy = (envelope: Envelope) => envelope === undefined;

// The 2025-era tools/call requests that asked for a task (`task` in params), seen by
// routeTaskCalls before the SDK's tools/call handler: the tool callback gets the context, not the
// params. Weak: an entry goes with its request.
const legacyTaskCalls = new WeakSet<object>();

/** Whether this tool call is a 2025-era request that asked for a task. */
export const isLegacyTaskCall = (ctx: object) => legacyTaskCalls.has(ctx);

/** Whether this (2026-07-28) request declared the extension in its own client capabilities. */
export function acceptsTasks(envelope: Envelope): boolean {
  const declared = envelope?.[CLIENT_CAPABILITIES_META_KEY] as
    | { extensions?: Record<string, unknown> }
    | undefined;
  return declared?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** The capabilities entry that advertises the extension (server/discover). */
export const TASKS_CAPABILITY = { extensions: { [TASKS_EXTENSION]: {} } };

/** -32021 naming the extension in data.requiredCapabilities, as SEP-2575 asks. */
function missingExtension(toDo: string): MissingRequiredClientCapabilityError {
  return new MissingRequiredClientCapabilityError(
    { requiredCapabilities: TASKS_CAPABILITY } as never,
    `declare ${TASKS_EXTENSION} in the request's client capabilities to ${toDo}`,
  );
}

const iso = (ms: number) => new Date(ms).toISOString();

const toCallResult = (result: ToolResult<unknown>): ToolCallResult => ({
  content: [{ type: 'text', text: result.text }],
  structuredContent: result.structured as Record<string, unknown>,
  ...(result.isError ? { isError: true } : {}),
});

/**
 * A task-capable tool's call from a client that takes tasks: the work is started and the answer
 * is a CreateTaskResult (flat: resultType "task" and the task's fields). It also carries the
 * tool's own result of the start (run_tracker: done false and the run_id), which the tool's output
 * schema asks for and which tells a model what started even if the host shows only content. A
 * 2025-era call gets that era's `{ task }` with the same beside it. A start that needs input first
 * answers input_required; the retry that brings it starts the task.
 */
export async function startToolTask(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  dependencies: {
    client: TrackerClientLike;
    options: ToolOptions;
    signal?: AbortSignal | undefined;
    key: Uint8Array;
    inputResponses?: Record<string, unknown> | undefined;
    /** A 2025-era call (isLegacyTaskCall): the answer is that era's `{ task }`. */
    legacy?: boolean;
  },
): Promise<Record<string, unknown>> {
  const task = tool.task as NonNullable<ToolDefinition['task']>;
  let started: Awaited<ReturnType<typeof task.start>>;
  try {
    started = await task.start(args, {
      client: dependencies.client,
      options: dependencies.options,
      signal: dependencies.signal,
      inputResponses: dependencies.inputResponses,
    });
  } catch (error) {
    // Nothing started (the work was refused): a tool error as without tasks.
    return { content: [{ type: 'text', text: describeToolError(tool.name, error) }], isError: true };
  }
  if ('inputRequests' in started) return inputRequired({ inputRequests: started.inputRequests });
  const now = Date.now();
  const taskId = signTaskHandle(dependencies.key, {
    kind: task.backing.kind,
    createdAt: now,
    fields: started.fields,
  });
  if (dependencies.legacy) {
    const state = {
      status: 'working' as const,
      statusMessage: started.statusMessage,
      lastUpdatedAt: iso(now),
    };
    const created = legacyTask(taskId, { createdAt: now }, task.backing, state);
    return legacyCreateTaskResult(created, toCallResult(started.result));
  }
  return {
    ...toCallResult(started.result),
    resultType: 'task',
    taskId,
    status: 'working',
    statusMessage: started.statusMessage,
    createdAt: iso(now),
    lastUpdatedAt: iso(now),
    ttlMs: task.backing.ttlMs,
    pollIntervalMs: task.backing.pollIntervalMs,
  };
}

/** The DetailedTask of tasks/get: the task's fields and, by status, its result, error or requests. */
function detailedTask(
  taskId: string,
  handle: TaskHandle,
  backing: TaskBacking,
  state: TaskState,
): Record<string, unknown> {
  return {
    taskId,
    status: state.status,
    statusMessage: state.statusMessage,
    createdAt: iso(handle.createdAt),
    lastUpdatedAt: state.lastUpdatedAt ?? iso(Date.now()),
    ttlMs: backing.ttlMs,
    pollIntervalMs: backing.pollIntervalMs,
    ...(state.status === 'completed' ? { result: toCallResult(state.result) } : {}),
    ...(state.status === 'failed' ? { error: state.error } : {}),
    ...(state.status === 'input_required' ? { inputRequests: state.inputRequests } : {}),
  };
}

const taskIdParams = z.object({ taskId: z.string() });

/** The backings of the tools that can run as tasks, each once. */
export function taskBackings(tools: readonly ToolDefinition[]): TaskBacking[] {
  return [...new Set(tools.flatMap((tool) => (tool.task ? [tool.task.backing] : [])))];
}

/**
 * tasks/get, tasks/cancel and tasks/update for every backing. A 2026-07-28 request must declare
 * the extension (-32021 otherwise, as SEP-2575 asks); a 2025-era one gets that era's wire, and
 * tasks/result (the SDK answers each era's methods only: tasks/update is not one of 2025's, nor
 * tasks/result of 2026's). An id this server did not seal, or of a kind it does not serve, is
 * -32602, the unknown task of both eras. The 2026 acks are empty results (the SDK adds resultType
 * "complete"); cancel is acknowledged the same way on a task that already ended.
 */
export function registerTasks(
  server: McpServer,
  dependencies: {
    client: TrackerClientLike;
    key: Uint8Array;
    backings: readonly TaskBacking[];
    /** How long a 2025-era tasks/result waits for a working task (default LEGACY_RESULT_HOLD_MS). */
    resultHoldMs?: number;
  },
) {
  const byKind = new Map(dependencies.backings.map((backing) => [backing.kind, backing]));
  const context = { client: dependencies.client };
  const open = (params: { taskId: string }, envelope: Envelope) => {
    if (!isLegacy(envelope) && !acceptsTasks(envelope)) throw missingExtension('use tasks');
    const handle = verifyTaskHandle(dependencies.key, params.taskId);
    const backing = handle && byKind.get(handle.kind);
    const fields = backing?.fields.safeParse(handle?.fields);
    if (!handle || !backing || !fields?.success)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown task: ${params.taskId}`);
    const stateNow = () => backing.state(fields.data, { ...context, createdAt: handle.createdAt });
    return { handle, backing, fields: fields.data, stateNow };
  };
  server.server.setRequestHandler('tasks/get', { params: taskIdParams }, async (params, ctx) => {
    const envelope = ctx.mcpReq.envelope as Envelope;
    const { handle, backing, stateNow } = open(params, envelope);
    const state = await stateNow();
    return isLegacy(envelope)
      ? legacyGetTaskResult(legacyTask(params.taskId, handle, backing, state))
      : detailedTask(params.taskId, handle, backing, state);
  });
  server.server.setRequestHandler('tasks/cancel', { params: taskIdParams }, async (params, ctx) => {
    const envelope = ctx.mcpReq.envelope as Envelope;
    const { backing, fields } = open(params, envelope);
    if (isLegacy(envelope)) throw legacyCancelRefused(params.taskId);
    await backing.cancel(fields, context);
    return {};
  });
  // The SDK lifts `inputResponses` off every 2026-07-28 request's params (the multi-round-trip
  // field) into ctx.mcpReq.inputResponses: the params keep only the task id.
  server.server.setRequestHandler('tasks/update', { params: taskIdParams }, async (params, ctx) => {
    const { backing, fields } = open(params, ctx.mcpReq.envelope as Envelope);
    await backing.update?.(fields, ctx.mcpReq.inputResponses ?? {}, context);
    return {};
  });
  server.server.setRequestHandler('tasks/result', { params: taskIdParams }, async (params, ctx) => {
    const { stateNow } = open(params, ctx.mcpReq.envelope as Envelope);
    return legacyTaskResult(params.taskId, stateNow, (state) => toCallResult(state.result), {
      holdMs: dependencies.resultHoldMs ?? LEGACY_RESULT_HOLD_MS,
      signal: ctx.mcpReq.signal,
    });
  });
}

type RequestHandler = (request: { params?: { name?: unknown } }, ctx: unknown) => Promise<unknown>;

/**
 * Routes tools/call for the task-capable tools before the SDK's handler sees it. A 2025-era call
 * that asked for a task (`task` in params) is marked for the tool callback (isLegacyTaskCall),
 * which cannot see the params. A tool that runs only as a task (ToolTask.required) refuses any
 * other call before anything runs: -32021 for a 2026 client without the extension, -32601 for a
 * 2025 call without `task` (what the 2025 spec asks). The SDK's McpServer turns whatever a tool
 * callback throws into an isError result (its tools/call handler: `catch (error) { ... return
 * this.createToolError(error instanceof Error ? error.message : String(error)); }`,
 * @modelcontextprotocol/server 2.4.0), so the refusal stands in front of that handler: the stored
 * handler (Protocol's protected `_getRequestHandler`, there for dispatching through it) is called
 * after the check, and the SDK's request and result checks, which the new registration adds again,
 * pass twice. The context reaches the callback as the same object on the 2025 path (a 2026 request
 * may get a copy, but it is never marked). Nothing is wrapped when no task-capable tool is offered.
 */
export function routeTaskCalls(server: McpServer, tools: readonly ToolDefinition[]) {
  const taskTools = new Set(tools.filter((tool) => tool.task).map((tool) => tool.name));
  if (taskTools.size === 0) return;
  const taskOnly = new Set(tools.filter((tool) => tool.task?.required).map((tool) => tool.name));
  const protocol = server.server as unknown as { _getRequestHandler(method: string): RequestHandler };
  const handleCall = protocol._getRequestHandler('tools/call');
  server.server.setRequestHandler('tools/call', async (request, ctx) => {
    const name = request.params.name;
    const envelope = ctx.mcpReq.envelope as Envelope;
    if (isLegacy(envelope)) {
      if (taskTools.has(name) && requestedLegacyTask(request.params)) legacyTaskCalls.add(ctx);
      else if (taskOnly.has(name))
        throw new ProtocolError(
          ProtocolErrorCode.MethodNotFound,
          `call ${name} with \`task\` in its params: it runs only as a task`,
        );
    } else if (taskOnly.has(name) && !acceptsTasks(envelope)) {
      throw missingExtension(`call ${name}: it runs only as a task`);
    }
    return (await handleCall(request, ctx)) as never;
  });
}
