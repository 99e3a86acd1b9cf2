// The 2025-11-25 era's experimental tasks on the wire, for the same backings and sealed handles as
// the 2026-07-28 extension (task-protocol.ts decides which era a request is in and opens the
// handle; the backing says the state): a 2025 client asks for a task with `task` ({ ttl? }) in
// tools/call params, gets `{ task }`, and follows it with tasks/get, tasks/result and tasks/cancel.
// The statuses are the backing's own (tool-api/task-backing.ts): nothing is mapped here, only shaped.
//
// What this stateless server cannot do, and so does not declare (capabilities.tasks):
// - tasks/list: no replica keeps tasks; a task exists only as the handle its client holds.
// - tasks/cancel: the 2025 spec asks the receiver to move the task to `cancelled` before it
//   answers, and to keep it there. No replica can remember that, and the service cannot stop a
//   run (tools/runs/run-tasks.ts), so tasks/cancel is refused (-32602) with a message that says so: the task
//   goes on and ends with its result.
// - the ttl a client asks for: a task lasts as long as its backing's work (ttl: the backing's).
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type CallToolResult,
  type CreateTaskResult,
  type GetTaskResult,
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type Task,
  type ToolExecution,
} from '@modelcontextprotocol/server';
import type { TaskBacking, TaskState } from '../tool-api/task-backing.ts';
import type { ToolDefinition } from '../tool-api/tool-definition.ts';
import type { TaskHandle } from './task-handle.ts';

/** The capabilities entry (initialize): tools/call as a task, nothing else (see above). */
export const LEGACY_TASKS_CAPABILITY = { tasks: { requests: { tools: { call: {} } } } };

/**
 * How long tasks/result holds a request for a task still working. The spec has it block until the
 * task ends, but clients give up on a request after 60 s by default (the SDKs' request timeout),
 * and runs take minutes: past the hold the answer is an error that says to poll tasks/get.
 */
export const LEGACY_RESULT_HOLD_MS = 40_000;
/** How often a held tasks/result asks the backing (every ask of a run task is a service request). */
const RESULT_POLL_MS = 1000;

/** What tools/list says of a task-capable tool (the SDK drops `execution` for 2026-07-28). */
export function legacyToolExecution(tool: ToolDefinition): ToolExecution | undefined {
  if (!tool.task) return undefined;
  return { taskSupport: tool.task.required ? 'required' : 'optional' };
}

/** The task params of a 2025-era tools/call: `task` ({ ttl? }), present or not. */
export function requestedLegacyTask(params: { task?: unknown } | undefined): boolean {
  return typeof params?.task === 'object' && params.task !== null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The Task a 2025 client reads: the handle's creation, the backing's poll interval and ttl. */
export function legacyTask(
  taskId: string,
  handle: Pick<TaskHandle, 'createdAt'>,
  backing: TaskBacking,
  state: Pick<TaskState, 'status' | 'statusMessage' | 'lastUpdatedAt'>,
): Task {
  return {
    taskId,
    status: state.status,
    ttl: backing.ttlMs,
    createdAt: iso(handle.createdAt),
    lastUpdatedAt: state.lastUpdatedAt ?? iso(Date.now()),
    pollInterval: backing.pollIntervalMs,
    statusMessage: state.statusMessage,
  };
}

/**
 * tools/call's answer: `{ task }`, with the start's own tool result beside it (the SDK's 2025
 * tools/call check asks for `content` when a result carries `task`, and its output check for the
 * structuredContent; the 2026 path carries it the same way).
 */
export function legacyCreateTaskResult(task: Task, started: CallToolResult): CreateTaskResult {
  return { ...started, task } as CreateTaskResult;
}

/** tasks/get's answer. */
export const legacyGetTaskResult = (task: Task): GetTaskResult => task;

/** tasks/cancel: refused, as the top of this file explains. */
export function legacyCancelRefused(taskId: string): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Task ${taskId} cannot be cancelled: this server keeps no task state to hold it cancelled, as this protocol version asks of a cancelled task. It goes on; tasks/get and tasks/result give its outcome.`,
  );
}

const TERMINAL = new Set<TaskState['status']>(['completed', 'failed', 'cancelled']);

/**
 * tasks/result: the tool's CallToolResult once the task is terminal (related-task in `_meta`, as
 * the spec asks), or the task's error; held up to `holdMs` while the task works.
 */
export async function legacyTaskResult(
  taskId: string,
  stateNow: () => Promise<TaskState>,
  toCallResult: (state: Extract<TaskState, { status: 'completed' }>) => CallToolResult,
  options: { holdMs: number; signal: AbortSignal },
): Promise<CallToolResult> {
  const deadline = Date.now() + options.holdMs;
  let state = await stateNow();
  while (!TERMINAL.has(state.status)) {
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `Task ${taskId} is still ${state.status} after ${options.holdMs / 1000}s (tasks/result holds a request no longer): poll tasks/get until the task ends, then ask tasks/result again. ${state.statusMessage}`,
      );
    }
    await sleep(Math.min(RESULT_POLL_MS, left), undefined, { signal: options.signal });
    state = await stateNow();
  }
  const related = { [RELATED_TASK_META_KEY]: { taskId } };
  if (state.status === 'completed') return { ...toCallResult(state), _meta: related };
  if (state.status === 'failed')
    throw new ProtocolError(state.error.code, state.error.message, state.error.data);
  throw new ProtocolError(
    ProtocolErrorCode.InvalidRequest,
    `Task ${taskId} was cancelled: it has no result.`,
  );
}
