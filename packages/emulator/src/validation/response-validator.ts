import { deref, type Operation } from '../routing/operations.ts';
import { documentSchema, problemsAgainst } from './schemas.ts';

interface ResponseSpec {
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, unknown>;
}

/**
 * Checks every answer against the document: the status must be documented for the operation, the
 * body must match its schema and documented required headers (Retry-After) must be present.
 * Mismatches are recorded, never thrown: a contract test asserts the list is empty.
 */
export class ResponseValidator {
  readonly violations: string[] = [];
  readonly #onViolation: (message: string) => void;

  constructor(onViolation: (message: string) => void = () => {}) {
    this.#onViolation = onViolation;
  }

  check(
    op: Operation | undefined,
    label: string,
    status: number,
    headers: Record<string, string>,
    body: unknown,
  ) {
    if (!op) {
      // Unknown routes and methods answer `{detail}` like every other non-422 failure.
      this.#validate(`${label} ${status}`, { $ref: '#/components/schemas/ErrorDetail' }, body);
      return;
    }
    const raw = op.responses[String(status)] ?? op.responses.default;
    if (!raw) {
      this.#record(`${op.operationId} (${label}): status ${status} is not documented`);
      return;
    }
    const spec = deref(raw) as ResponseSpec;
    for (const name of Object.keys(spec.headers ?? {})) {
      if (!(name.toLowerCase() in headers)) {
        this.#record(`${op.operationId} (${label}): status ${status} lacks header ${name}`);
      }
    }
    const schema = spec.content?.['application/json']?.schema;
    if (schema) this.#validate(`${op.operationId} (${label}) ${status}`, schema, body);
  }

  #validate(where: string, schema: unknown, body: unknown) {
    let problems: ReturnType<typeof problemsAgainst>;
    try {
      problems = problemsAgainst(documentSchema(schema), body);
    } catch (error) {
      this.#record(`${where}: the response schema cannot be checked: ${(error as Error).message}`);
      return;
    }
    if (problems.length > 0) {
      this.#record(`${where}: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`);
    }
  }

  #record(message: string) {
    this.violations.push(message);
    this.#onViolation(message);
  }
}
