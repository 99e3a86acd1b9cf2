import type { ValidationIssue } from '@trackerkit/client';

/** An answer with `{detail}` and a status; thrown by handlers, rendered by the server. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, detail: string, headers: Record<string, string> = {}) {
    super(detail);
    this.status = status;
    this.headers = headers;
  }
}

/** A 422 with FastAPI-style issues. */
export class ValidationFailure extends Error {
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[]) {
    super(issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
    this.issues = issues;
  }
}

export function notFound(what: string): HttpError {
  return new HttpError(404, `${what} not found`);
}

export function invalid(loc: (string | number)[], msg: string, type = 'value_error'): ValidationFailure {
  return new ValidationFailure([{ loc, msg, type }]);
}
