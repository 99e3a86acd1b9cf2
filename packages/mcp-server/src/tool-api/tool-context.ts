// What a tool's handler is given (its context: the client, the server's options, the caller's
// account on a shared server, progress) and what it returns. Apart from the definition
// (tool-definition.ts) so that a task backing (task-backing.ts), which a definition may carry,
// can name them without the two files importing each other.
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import type { ConnectAddress, HostLookup } from './url-seams.ts';

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
