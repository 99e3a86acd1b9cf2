// Runs as tasks of the Tasks extension (io.modelcontextprotocol/tasks, SEP-2663, 2026-07-28): a
// client that declares the extension in a request's capabilities gets run_tracker's run as a task
// at once (CreateTaskResult) and follows it with tasks/get; every other client gets run_tracker as
// before. A task is the service's run plus a signed handle (task-handle.ts), so any replica answers
// for it and a client may disconnect and come back anywhere.
//
// The run's states: pending or running → `working`; completed → `completed` with run_tracker's
// result; failed → `completed` with that result marked isError (the extension keeps `failed` for
// protocol errors: a run that failed is a tool result the model must read). A run gone from the
// service (deleted) → `failed`.
//
// tasks/cancel: the service offers no way to stop a run (DELETE removes the run and its record,
// and whether it stops the work or its cost is not documented), so cancel is acknowledged, as the
// extension allows (cancellation is cooperative), and changes nothing: the run goes on, the task
// still ends with its result, and its statusMessage says so.
import {
  CLIENT_CAPABILITIES_META_KEY,
  type McpServer,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import type { Run } from '@trackerkit/core';
import { z } from 'zod';
import type { ToolCallResult } from '../call-tool.ts';
import type { ToolDefinition, ToolResult } from '../tool-definition.ts';
import { describeToolError } from '../tool-errors.ts';
import { finishedRunResult } from '../tools/runs/run-tracker.ts';
import type { TrackerClientLike } from '../tracker-client-like.ts';
import { signTaskHandle, type TaskHandle, verifyTaskHandle } from './task-handle.ts';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** How often a client should ask: runs take minutes, and every tasks/get is a request to the service. */
const TASK_POLL_INTERVAL_MS = 5000;

type Envelope = Record<string, unknown> | undefined;

/** Whether this (2026-07-28) request declared the extension in its own client capabilities. */
export function acceptsTasks(envelope: Envelope): boolean {
  const declared = envelope?.[CLIENT_CAPABILITIES_META_KEY] as
    | { extensions?: Record<string, unknown> }
    | undefined;
  return declared?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** The capabilities entry that advertises the extension (server/discover). */
export const TASKS_CAPABILITY = { extensions: { [TASKS_EXTENSION]: {} } };

const iso = (ms: number) => new Date(ms).toISOString();

const toCallResult = (result: ToolResult<unknown>): ToolCallResult => ({
  content: [{ type: 'text', text: result.text }],
  structuredContent: result.structured as Record<string, unknown>,
  ...(result.isError ? { isError: true } : {}),
});

const NOT_STOPPED = 'Cancelling does not stop it: the service has no way to stop a run.';

/**
 * run_tracker for a client that takes tasks: the run is triggered and the answer is a
 * CreateTaskResult (flat: resultType "task" and the task's fields). It also carries run_tracker's
 * own result (done: false, the run_id), which the tool's output schema asks for and which tells a
 * model what started even if the host shows only content.
 */
export async function startRunTask(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  dependencies: { client: TrackerClientLike; key: Uint8Array },
): Promise<Record<string, unknown>> {
  const startTask = tool.startTask as NonNullable<ToolDefinition['startTask']>;
  let started: Awaited<ReturnType<typeof startTask>>;
  try {
    started = await startTask(args, { client: dependencies.client });
  } catch (error) {
    // Nothing started (the trigger was refused): a tool error as without tasks.
    return { content: [{ type: 'text', text: describeToolError(tool.name, error) }], isError: true };
  }
  const now = Date.now();
  const taskId = signTaskHandle(dependencies.key, {
    trackerId: started.trackerId,
    runId: started.runId,
    createdAt: now,
  });
  return {
    ...toCallResult(started.result),
    resultType: 'task',
    taskId,
    status: 'working',
    statusMessage: `Run ${started.runId} of tracker ${started.trackerId} started.`,
    createdAt: iso(now),
    lastUpdatedAt: iso(now),
    // The task lasts as long as its run is kept by the service.
    ttlMs: null,
    pollIntervalMs: TASK_POLL_INTERVAL_MS,
  };
}

/** The DetailedTask of tasks/get for a run as the service reports it now. */
function taskOfRun(taskId: string, handle: TaskHandle, run: Run): Record<string, unknown> {
  const base = {
    taskId,
    createdAt: iso(handle.createdAt),
    ttlMs: null,
    pollIntervalMs: TASK_POLL_INTERVAL_MS,
  };
  if (run.status === 'completed' || run.status === 'failed') {
    return {
      ...base,
      status: 'completed',
      statusMessage: `Run ${run.run_id} ${run.status}.`,
      lastUpdatedAt: run.completed_at ?? iso(Date.now()),
      result: toCallResult(finishedRunResult(run)),
    };
  }
  return {
    ...base,
    status: 'working',
    statusMessage: `Run ${run.run_id} is ${run.status} on the service. ${NOT_STOPPED}`,
    lastUpdatedAt: run.started_at ?? iso(handle.createdAt),
  };
}

const taskIdParams = z.object({ taskId: z.string() });

/**
 * tasks/get and tasks/cancel. Only for requests that declared the extension (-32021 otherwise, as
 * SEP-2575 asks); an id this server did not sign is -32602, the extension's unknown task.
 */
export function registerRunTasks(
  server: McpServer,
  dependencies: { client: TrackerClientLike; key: Uint8Array },
) {
  const handleOf = (params: { taskId: string }, envelope: Envelope) => {
    if (!acceptsTasks(envelope)) {
      throw new MissingRequiredClientCapabilityError(
        { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } } as never,
        `declare ${TASKS_EXTENSION} in the request's client capabilities to use tasks`,
      );
    }
    const handle = verifyTaskHandle(dependencies.key, params.taskId);
    if (!handle) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown task: ${params.taskId}`);
    return handle;
  };
  server.server.setRequestHandler('tasks/get', { params: taskIdParams }, async (params, ctx) => {
    const handle = handleOf(params, ctx.mcpReq.envelope as Envelope);
    let run: Run;
    try {
      run = await dependencies.client.runs.get(handle.trackerId, handle.runId);
    } catch (error) {
      if ((error as { status?: unknown }).status !== 404) throw error;
      return {
        taskId: params.taskId,
        status: 'failed',
        statusMessage: `Run ${handle.runId} is no longer on the service (deleted).`,
        createdAt: iso(handle.createdAt),
        lastUpdatedAt: iso(Date.now()),
        ttlMs: null,
        error: {
          code: ProtocolErrorCode.InternalError,
          message: `Run ${handle.runId} of tracker ${handle.trackerId} is no longer on the service: it was deleted, and with it its result.`,
        },
      };
    }
    return taskOfRun(params.taskId, handle, run);
  });
  server.server.setRequestHandler('tasks/cancel', { params: taskIdParams }, async (params, ctx) => {
    handleOf(params, ctx.mcpReq.envelope as Envelope);
    return {};
  });
  // A run task never asks for input (input_required): there is nothing to deliver, only to ack.
  server.server.setRequestHandler(
    'tasks/update',
    { params: taskIdParams.extend({ inputResponses: z.record(z.string(), z.unknown()) }) },
    async (params, ctx) => {
      handleOf(params, ctx.mcpReq.envelope as Envelope);
      return {};
    },
  );
}
