// What a task of the Tasks extension is made of, apart from the protocol (tasks/task-protocol.ts):
// a backing, the work that answers for the task. The protocol layer seals the backing's handle
// fields into the task id and asks the backing, on each tasks/get, what the work's state is now;
// it never keeps a task itself. run_tracker's backing is the service's run
// (tools/runs/run-tasks.ts). A tool definition carries its task, so this is part of the tool API.
import type { InputRequests } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import type { ToolOptions, ToolResult } from './tool-context.ts';

/** What a backing may use to look at its work. */
export interface TaskContext {
  client: TrackerClientLike;
}

/** What a backing knows of the task when asked for its state. */
export interface TaskStateContext extends TaskContext {
  /** When the task was created (ms since the epoch). */
  createdAt: number;
}

/** A JSON-RPC error: what a task that failed at the protocol level reports. */
export interface TaskError {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * The state of the work now. `completed` is any result the tool would have returned, an isError
 * one included (a tool that ran and reported an error); `failed` is kept for protocol errors, as
 * the extension asks.
 */
export type TaskState = {
  /** For people: what the work is doing. */
  statusMessage: string;
  /** ISO 8601; default: now. */
  lastUpdatedAt?: string | undefined;
} & (
  | { status: 'working' }
  /** Waiting for the client: embedded requests (elicitation/create, ...) by keys the backing chose. */
  | { status: 'input_required'; inputRequests: InputRequests }
  | { status: 'completed'; result: ToolResult<unknown> }
  | { status: 'failed'; error: TaskError }
  | { status: 'cancelled' }
);

/**
 * A kind of work a task can be. Its `kind` is sealed in every handle with the fields, so a handle
 * made for one kind never opens as another; `fields` checks what a handle carries.
 */
export interface TaskBacking<F = unknown> {
  kind: string;
  fields: z.ZodType<F>;
  /** How long the task is kept after it was created (ms); null: as long as the work is. */
  ttlMs: number | null;
  /** How often a client should ask (tasks/get). */
  pollIntervalMs: number;
  state(fields: F, context: TaskStateContext): Promise<TaskState>;
  /** Asks the work to stop; cooperative: the next state says what happened. Idempotent. */
  cancel(fields: F, context: TaskContext): Promise<void>;
  /** Delivers the client's answers to input_required requests (absent: the work never asks). */
  update?(fields: F, inputResponses: Record<string, unknown>, context: TaskContext): Promise<void>;
}

/**
 * What starting a task gives: the handle fields, a message, and the tool's own result to carry in
 * the CreateTaskResult (the SDK checks structuredContent against the tool's output schema); or,
 * before any task exists, the input the tool needs first (a multi-round-trip answer, SEP-2322).
 */
export type TaskStart<F, R> =
  | { fields: F; statusMessage: string; result: ToolResult<R> }
  | { inputRequests: InputRequests };

/** The client's answers of a multi-round-trip retry (`inputResponses`), for a start that asked. */
export interface TaskStartContext extends TaskContext {
  /** The server's options for tools (where files may be read, which URLs fetched). */
  options: ToolOptions;
  /** The call's signal: aborted when the client cancels or goes away before the task exists. */
  signal?: AbortSignal | undefined;
  inputResponses: Record<string, unknown> | undefined;
}

/** How a tool runs as a task. */
export interface ToolTask<A, R, F = unknown> {
  backing: TaskBacking<F>;
  /**
   * The tool runs only as a task: a call from a client that did not declare the extension is
   * refused with -32021. Otherwise such a client gets the tool's handler, as without tasks.
   */
  required?: boolean;
  start(args: A, context: TaskStartContext): Promise<TaskStart<F, R>>;
}
