import type { Problem, ValidationIssue } from '@trackerkit/core';

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

/** core's problems as the 422 the service answers: each under `body` or `query`. */
function problemsFailure(where: 'body' | 'query', problems: readonly Problem[]): ValidationFailure {
  return new ValidationFailure(
    problems.map((p) => ({ loc: [where, ...p.path], msg: p.message, type: p.type })),
  );
}

/** Throws the 422 when there is any problem. */
export function refuse(where: 'body' | 'query', problems: readonly Problem[]): void {
  if (problems.length > 0) throw problemsFailure(where, problems);
}
