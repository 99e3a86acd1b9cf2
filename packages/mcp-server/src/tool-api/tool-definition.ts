// A tool is plain data: name, text for the model, zod input and output, annotations and a handler
// that knows nothing about the MCP SDK. Only src/sdk-adapter.ts turns these into protocol
// handlers, so moving to another SDK generation replaces that one file.
import type { Problem } from '@trackerkit/core';
import type { z } from 'zod';
import type { HostLookup } from './files/url-check.ts';
import type { ConnectAddress } from './files/url-fetch.ts';
import type { ToolTask } from './tasks/task-backing.ts';
import type { TrackerClientLike } from './tracker-client-like.ts';

export const TOOLSETS = ['spaces', 'trackers', 'runs', 'vault'] as const;
export type Toolset = (typeof TOOLSETS)[number];

/** All four hints are always set: the protocol's defaults are the unsafe ones. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolOptions {
  /** Directories whose files the upload tools may read; empty: no local file is read. */
  filesRoots: readonly string[];
  /** Whether upload_vault_data may fetch URLs of loopback, link-local and private addresses. */
  allowPrivateUrls: boolean;
  /** Resolves the hosts of upload_vault_data's URLs (default: the system resolver). */
  lookup?: HostLookup | undefined;
  /** Opens the connection to a checked address (default: TCP/TLS to exactly that address). */
  connect?: ConnectAddress | undefined;
  /** Bytes read at most from one file, or one URL's body once decoded. */
  maxUploadBytes: number;
  /** A call without a progress token is answered by this deadline (ms), before the client's 60 s. */
  callTimeoutMs: number;
  /** Skill base costs for estimate_run_cost (defaults to the document's DEFAULT_SKILL_COSTS). */
  skillCosts: Readonly<Record<string, number>>;
  /** Where skillCosts come from, said with every estimate (the service publishes no prices). */
  skillCostsSource: string;
  /** How often a long tool call reports progress. */
  progressIntervalMs: number;
}

/** What a Tracker API token sees, shown to the user so they can tell whose account it is. */
export interface TokenIdentity {
  /** How many spaces it sees. */
  spaces: number;
  /** The first few of their names. */
  spaceNames: string[];
}

/** The caller's own identity on a shared (OAuth) server: its Tracker API token, kept here. */
export interface AccountContext {
  /** Checks `token` against the service, then keeps it (sealed) for this user. */
  register(token: string): Promise<TokenIdentity>;
  /** Keeps the token the user entered on a registration link's page, given the code the page showed. */
  confirm(confirmationCode: string): Promise<TokenIdentity>;
  /** Forgets this user's token; false when none was kept. */
  forget(): Promise<boolean>;
  /** A one-time link to this server's page where the user enters the token in the browser. */
  registrationLink(): Promise<{ url: string; expiresInMinutes: number }>;
}

export interface ToolContext {
  client: TrackerClientLike;
  /** Present on a server where each user brings their own token (OAuth): the account tools use it. */
  account?: AccountContext | undefined;
  options: ToolOptions;
  /** Aborted when the client cancels the request or the connection closes. */
  signal: AbortSignal;
  /** True when the caller sent a progress token, so progress keeps its request alive. */
  canReportProgress: boolean;
  /** Sends notifications/progress when the caller asked for it; otherwise does nothing. */
  reportProgress(progress: number, total: number | undefined, message: string): Promise<void>;
}

export interface ToolResult<T> {
  /** The `structuredContent`, matching the tool's output schema. */
  structured: T;
  /** A short rendering for clients that only show text to the model. */
  text: string;
  /** The call did not achieve its purpose (e.g. the run it waited for failed). */
  isError?: boolean;
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
