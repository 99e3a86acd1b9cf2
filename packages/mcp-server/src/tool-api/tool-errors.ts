// Turns any failure into text a model can act on: what went wrong (the service's own detail),
// and what to do next. Errors from @trackerkit/client are read by their documented fields, not
// by class identity, so a client built from another copy of the package is understood too.
import { FILE_TYPES, type Problem, problem } from '@trackerkit/core';

const FILE_TYPE_NAMES = Object.keys(FILE_TYPES).map((ext) => ext.toUpperCase());
/** e.g. "PDF, CSV, TXT, MD, JPG, JPEG or PNG". */
const ACCEPTED_FILES = `${FILE_TYPE_NAMES.slice(0, -1).join(', ')} or ${FILE_TYPE_NAMES.at(-1)}`;

/**
 * Bad tool arguments: the core's problems (field and rule each), found before any request is
 * sent. `new ToolInputError(field, rule)` is one problem the tool itself found.
 */
export class ToolInputError extends Error {
  readonly issues: readonly Problem[];
  /** The first problem's field and rule. */
  readonly field: string;
  readonly rule: string;
  constructor(problems: readonly Problem[]);
  constructor(field: string, rule: string);
  constructor(problems: readonly Problem[] | string, rule = 'invalid') {
    const issues = typeof problems === 'string' ? [problem([problems], rule)] : problems;
    const first = issues[0] ?? problem([], 'invalid');
    super(`@trackerkit/mcp-server: invalid arguments: ${describeProblems(issues)}`);
    this.name = 'ToolInputError';
    this.issues = issues;
    this.field = first.field;
    this.rule = first.rule;
  }
}

interface ProblemLike {
  field?: unknown;
  rule?: unknown;
  message?: unknown;
  type?: unknown;
}

/** One problem as text naming the argument and the rule, e.g. "`name`: String should have at most 50 characters (maxLength: 50)". */
function describeProblem(raw: ProblemLike): string {
  const field = typeof raw.field === 'string' && raw.field !== '' ? raw.field : '(arguments)';
  const rule = String(raw.rule ?? 'invalid');
  const message = typeof raw.message === 'string' ? raw.message : rule;
  if (raw.type === 'extra_forbidden') return `unknown argument \`${field}\``;
  if (raw.type === 'missing' && rule === 'required') return `\`${field}\`: is required`;
  return message === rule || message.includes(rule)
    ? `\`${field}\`: ${message}`
    : `\`${field}\`: ${message} (${rule})`;
}

const MAX_LISTED = 5;

/** Every problem (the first five), each naming its argument and rule. */
export function describeProblems(problems: readonly ProblemLike[]): string {
  const listed = problems.slice(0, MAX_LISTED).map(describeProblem);
  const more = problems.length > MAX_LISTED ? `; and ${problems.length - MAX_LISTED} more` : '';
  return `${listed.join('; ')}${more}`;
}

/**
 * A failure after part of the work was done (rows stored, a run started): the model must learn
 * what already happened, or a retry duplicates it.
 */
export class PartialSuccessError extends Error {
  readonly done: string;
  constructor(cause: unknown, done: string) {
    super(`@trackerkit/mcp-server: ${done}`, { cause });
    this.name = 'PartialSuccessError';
    this.done = done;
  }
}

interface ErrorFields {
  name?: unknown;
  message?: unknown;
  status?: unknown;
  detail?: unknown;
  field?: unknown;
  rule?: unknown;
  issues?: unknown;
  retryAfterMs?: unknown;
  runId?: unknown;
}

interface Issue {
  loc?: unknown;
  path?: unknown;
  msg?: unknown;
  message?: unknown;
}

function describeIssues(issues: unknown): string | undefined {
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  return issues
    .slice(0, 5)
    .map((raw: Issue) => {
      const where = Array.isArray(raw.loc) ? raw.loc : Array.isArray(raw.path) ? raw.path : [];
      const field = where.filter((part) => part !== 'body' && part !== 'query').join('.');
      return `\`${field || '(root)'}\`: ${String(raw.msg ?? raw.message ?? 'invalid')}`;
    })
    .join('; ');
}

function detailText(error: ErrorFields): string {
  if (typeof error.detail === 'string') return error.detail;
  return describeIssues(error.detail) ?? describeIssues(error.issues) ?? String(error.message ?? error);
}

function notFoundHint(detail: string): string {
  const lower = detail.toLowerCase();
  if (lower.includes('run')) return 'Call list_runs to find the run id.';
  if (lower.includes('source')) return 'Call list_vault_sources to find the source id.';
  if (lower.includes('space')) return 'Call list_spaces to find the space id.';
  return 'Call list_trackers (or list_spaces first) to find a valid id; ids of other accounts are not found either.';
}

function hintFor(status: number, detail: string, error: ErrorFields): string {
  switch (status) {
    case 400:
      if (/zen/i.test(detail)) {
        return 'Zen runs are asynchronous only: call run_tracker (it triggers asynchronously) and poll get_run.';
      }
      if (/link/i.test(detail)) {
        return 'linked_trackers must be your own trackers in the same space: call list_trackers for valid ids.';
      }
      return 'Fix the request as the detail says and call again.';
    case 401:
      return 'The API token is missing or invalid: the user must set TRACKER_API_TOKEN (on a shared server where each user signs in: register a valid token with register_tracker_token). Retrying will not help.';
    case 402:
      return 'The balance does not cover the run: call estimate_run_cost, or lower reasoning_mode or skills.';
    case 403:
      return 'Access denied (for example an inactive space); this cannot be fixed from here.';
    case 404:
      return notFoundHint(detail);
    case 413:
      return 'The request is too large: send fewer rows per call or a smaller file.';
    case 415:
      return `Unsupported content: upload ${ACCEPTED_FILES} files.`;
    case 422:
      return 'Correct the named fields and call again.';
    case 429: {
      const seconds =
        typeof error.retryAfterMs === 'number'
          ? Math.max(1, Math.ceil(error.retryAfterMs / 1000))
          : undefined;
      return seconds !== undefined
        ? `Rate limited: wait ${seconds} s, then retry the same call.`
        : 'Rate limited: wait about a minute, then retry the same call.';
    }
    default:
      return status >= 500
        ? 'The service failed; retry in a minute. If it persists, report the detail to the user.'
        : 'Check the arguments and call again.';
  }
}

/** The text of an `isError` result for any failure thrown by a tool's handler. */
export function describeToolError(toolName: string, thrown: unknown): string {
  if (thrown instanceof PartialSuccessError) {
    return `${describeToolError(toolName, thrown.cause)} Note: ${thrown.done}`;
  }
  const error: ErrorFields =
    typeof thrown === 'object' && thrown !== null ? thrown : { message: String(thrown) };
  const name = typeof error.name === 'string' ? error.name : '';
  if (thrown instanceof ToolInputError || name === 'TrackerValidationError') {
    const issues: ProblemLike[] =
      Array.isArray(error.issues) && error.issues.length > 0
        ? error.issues
        : [{ field: error.field, rule: error.rule }];
    return `${toolName}: invalid arguments: ${describeProblems(issues)}. Correct them and call ${toolName} again.`;
  }
  if (name === 'TrackerTimeoutError') {
    const next =
      typeof error.runId === 'string'
        ? ` Run ${error.runId} may still finish: call get_run.`
        : ' Retry once; before repeating a create, run or upload, check with the matching list_* tool that it did not go through.';
    return `${toolName}: the service did not answer in time.${next}`;
  }
  if (name === 'TrackerNetworkError') {
    // A connection that broke after the request was sent may have done the work: the model must
    // check before repeating anything that creates.
    return `${toolName}: the Tracker service is unreachable or the connection broke (${String(error.message)}). Before repeating a create, run or upload, check with the matching list_* tool that it did not go through; otherwise check TRACKER_API_URL and retry later.`;
  }
  if (name === 'AbortError') return `${toolName}: cancelled.`;
  if (name === 'TokenNotRegisteredError') {
    return `${toolName}: you have not registered your Tracker API token with this server, so it cannot act for you. Call register_tracker_token without arguments and give the user the link it returns (they enter the token in their browser), then call register_tracker_token with the confirmation_code the page shows them, then call ${toolName} again.`;
  }
  if (typeof error.status === 'number') {
    const detail = detailText(error);
    return `${toolName} failed with ${error.status}: ${detail}. ${hintFor(error.status, detail, error)}`;
  }
  return `${toolName} failed: ${String(error.message ?? thrown)}. This is unexpected: retry once; if it fails again, tell the user this message.`;
}
