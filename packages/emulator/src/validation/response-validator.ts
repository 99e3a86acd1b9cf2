import type { Operation } from '../http/operations.ts';
import { compileSchema, deref } from './document.ts';

interface ResponseSpec {
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, unknown>;
}

const errorDetail = { $ref: '#/components/schemas/ErrorDetail' };

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
      this.#validate(`${label} ${status}`, errorDetail, body);
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
    const validate = compileSchema(schema);
    if (!validate(body)) {
      const details = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
      this.#record(`${where}: ${details}`);
    }
  }

  #record(message: string) {
    this.violations.push(message);
    this.#onViolation(message);
  }
}
