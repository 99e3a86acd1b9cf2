// The emulator's errors, as its rules raise them: what was refused and why, never how it is
// answered. The HTTP layer (http/error-reply.ts) maps each kind to its status and headers, so a
// rule of the domain, the store or the fixtures knows nothing of HTTP.
import type { Problem, ValidationIssue } from '@trackerkit/core';

/** Why a request is refused; each kind is one answer of the service's document. */
export type RefusalKind =
  /** The request cannot be read (malformed JSON or YAML, a broken multipart body, a bad fault header). */
  | 'malformed'
  /** The request is well-formed but breaks a rule outside its schema (a zen run sent as sync). */
  | 'rule'
  | 'unauthenticated'
  /** The account's balance does not cover what the request costs. */
  | 'insufficient_balance'
  /** The resource exists but may not be used (an inactive space). */
  | 'forbidden'
  | 'not_found'
  /** The request conflicts with the state (an id taken, a real clock asked to move). */
  | 'conflict'
  | 'too_large'
  | 'unsupported_media_type'
  | 'rate_limited';

/** A refusal with its message (`{detail}` on the wire). */
export class Refusal extends Error {
  readonly kind: RefusalKind;
  /** For `rate_limited`: whole seconds until a request would be counted again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: RefusalKind, detail: string, retryAfterSeconds?: number) {
    super(detail);
    this.kind = kind;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Values that break their schema's rules, FastAPI-style: each issue names its field and rule. */
export class ValidationFailure extends Error {
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[]) {
    super(issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
    this.issues = issues;
  }
}

export function notFound(what: string): Refusal {
  return new Refusal('not_found', `${what} not found`);
}

export function invalid(loc: (string | number)[], msg: string, type = 'value_error'): ValidationFailure {
  return new ValidationFailure([{ loc, msg, type }]);
}

/** core's problems as a failure of the request: each under `body` or `query`. */
function problemsFailure(where: 'body' | 'query', problems: readonly Problem[]): ValidationFailure {
  return new ValidationFailure(
    problems.map((p) => ({ loc: [where, ...p.path], msg: p.message, type: p.type })),
  );
}

/** Throws the failure when there is any problem. */
export function refuse(where: 'body' | 'query', problems: readonly Problem[]): void {
  if (problems.length > 0) throw problemsFailure(where, problems);
}
