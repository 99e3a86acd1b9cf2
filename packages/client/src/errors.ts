// Typed errors. Every message starts with the package name; API errors keep what the service said.
import type { ValidationIssue } from '@trackerkit/core';
import { describeDetail } from '@trackerkit/core/http';

const PREFIX = '@trackerkit/client: ';

export class TrackerError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(PREFIX + message, options);
    this.name = new.target.name;
  }
}

/** One problem found before sending: `field` is a dotted path (`notification_config.lower_threshold`). */
export interface ValidationProblem {
  field: string;
  rule: string;
  message: string;
}

/** Bad input caught before anything was sent. `field` and `rule` describe the first problem. */
export class TrackerValidationError extends TrackerError {
  readonly field: string;
  readonly rule: string;
  readonly issues: ValidationProblem[];
  constructor(issues: ValidationProblem[]) {
    const first = issues[0] ?? { field: '(input)', rule: 'invalid', message: 'invalid input' };
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super(`invalid ${first.field}: ${first.message} [${first.rule}]${more}`);
    this.field = first.field;
    this.rule = first.rule;
    this.issues = issues;
  }
}

export const validationError = (
  field: string,
  rule: string,
  message: string = rule,
): TrackerValidationError => new TrackerValidationError([{ field, rule, message }]);

export interface ApiErrorInit {
  status: number;
  method: string;
  path: string;
  /** The service's `detail`: a string, or the list of issues of a 422. */
  detail: string | ValidationIssue[] | undefined;
  requestId: string | undefined;
  body: unknown;
  retryAfterMs?: number | undefined;
}

/** The detail line (the core's formatter): the service's `detail`, else a text body (a proxy's 502). */
const describe = (init: ApiErrorInit): string =>
  describeDetail(init.detail !== undefined ? { detail: init.detail } : init.body);

/** Any HTTP error answered by the service. */
export class TrackerApiError extends TrackerError {
  readonly status: number;
  readonly detail: string | ValidationIssue[] | undefined;
  readonly requestId: string | undefined;
  readonly body: unknown;
  readonly method: string;
  readonly path: string;
  constructor(init: ApiErrorInit) {
    const id = init.requestId ? ` (request id ${init.requestId})` : '';
    super(`${init.method} ${init.path} answered ${init.status}: ${describe(init)}${id}`);
    this.status = init.status;
    this.detail = init.detail;
    this.requestId = init.requestId;
    this.body = init.body;
    this.method = init.method;
    this.path = init.path;
  }
}

/** 400, 402, 413, 415. */
export class TrackerBadRequestError extends TrackerApiError {}
/** 401, 403. */
export class TrackerAuthError extends TrackerApiError {}
/** 404: the resource does not exist or belongs to another account. */
export class TrackerNotFoundError extends TrackerApiError {}
/** 422, with the service's list of issues. */
export class TrackerUnprocessableError extends TrackerApiError {
  readonly issues: ValidationIssue[];
  constructor(init: ApiErrorInit) {
    super(init);
    this.issues = Array.isArray(init.detail) ? init.detail : [];
  }
}
/** 429 after the retries were spent. */
export class TrackerRateLimitError extends TrackerApiError {
  readonly retryAfterMs: number | undefined;
  constructor(init: ApiErrorInit) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}
/** 5xx. */
export class TrackerServerError extends TrackerApiError {}

/** The request never got an answer (connection refused or reset, DNS, TLS...). */
export class TrackerNetworkError extends TrackerError {
  readonly method: string;
  readonly path: string;
  /** True when the connection was refused, so the request certainly never reached the service. */
  readonly refused: boolean;
  constructor(method: string, path: string, refused: boolean, cause: unknown) {
    const why =
      cause instanceof Error
        ? cause.cause instanceof Error
          ? cause.cause.message
          : cause.message
        : String(cause);
    super(`${method} ${path} failed: ${why}`, { cause });
    this.method = method;
    this.path = path;
    this.refused = refused;
  }
}

/** A request, or a wait for a run, took longer than allowed. */
export class TrackerTimeoutError extends TrackerError {
  readonly timeoutMs: number;
  readonly runId: string | undefined;
  constructor(message: string, timeoutMs: number, runId?: string) {
    super(message);
    this.timeoutMs = timeoutMs;
    this.runId = runId;
  }
}

export function apiErrorFor(init: ApiErrorInit): TrackerApiError {
  const s = init.status;
  if (s === 400 || s === 402 || s === 413 || s === 415) return new TrackerBadRequestError(init);
  if (s === 401 || s === 403) return new TrackerAuthError(init);
  if (s === 404) return new TrackerNotFoundError(init);
  if (s === 422) return new TrackerUnprocessableError(init);
  if (s === 429) return new TrackerRateLimitError(init);
  if (s >= 500) return new TrackerServerError(init);
  return new TrackerApiError(init);
}
