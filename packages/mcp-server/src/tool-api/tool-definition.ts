// A tool is plain data: name, text for the model, zod input and output, annotations and a handler
// that knows nothing about the MCP SDK. Only server/sdk-adapter.ts turns these into protocol
// handlers, so moving to another SDK generation replaces that one file.
import type { Problem } from '@trackerkit/core';
import type { z } from 'zod';
import type { Toolset } from '../config/toolsets.ts';
import type { ToolTask } from './task-backing.ts';
import type { ToolContext, ToolResult } from './tool-context.ts';

/** All four hints are always set: the protocol's defaults are the unsafe ones. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** `account`: this server's own per-user settings, offered only when users sign in (OAuth). */
  toolset: Toolset | 'account';
  /** An MCP Apps view (a `ui://` resource) a host may show with this tool's result. */
  ui?: { resourceUri: string };
  /** The document's operationId this tool implements (null for local helpers). */
  operationId: string | null;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /**
   * The tool reports progress while it works and bounds its own duration when the caller sent a
   * progress token; without one, it gets the server's call deadline like every other tool.
   */
  reportsProgress?: boolean;
  /**
   * What to ask the user before this (destructive) tool runs, when the client can be asked
   * (elicitation); the tool runs only on a yes.
   */
  confirm?(args: z.output<I>): string;
  /**
   * The core's rules on the parsed arguments, for what the input schema cannot say (rules across
   * fields, a request body assembled from the arguments). Runs before the handler, without I/O;
   * any problem becomes an isError result and the handler is not called.
   */
  check?(args: z.output<I>): Problem[];
  /**
   * The call can run as a task (Tasks extension, tasks/task-protocol.ts): for a client that
   * declares the extension, `start` begins the work and the call answers with the task at once;
   * the backing answers tasks/get, cancel and update. Other clients get the handler (or, for a
   * `required` task, -32021).
   */
  task?: ToolTask<z.output<I>, z.input<O>>;
  handler(args: z.output<I>, context: ToolContext): Promise<ToolResult<z.input<O>>>;
}

/** Keeps the handler's argument and result types tied to the schemas. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(
  definition: ToolDefinition<I, O>,
): ToolDefinition<I, O> {
  return definition;
}

// Shared annotation sets: a tool states which kind of effect it has, never a loose mix.
export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
};
export const CREATES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
};
export const OVERWRITES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: true,
};
export const DELETES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: true,
};
