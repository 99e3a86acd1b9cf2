import { ValidationFailure } from '../http/errors.ts';
import type { Operation } from '../http/operations.ts';
import { compileSchema, deref, schemaType } from './document.ts';
import { toIssues } from './issues.ts';

const querySchemas = new Map<Operation, object>();

function querySchema(op: Operation): object {
  let schema = querySchemas.get(op);
  if (!schema) {
    schema = {
      type: 'object',
      properties: Object.fromEntries(op.queryParams.map((p) => [p.name, p.schema])),
      required: op.queryParams.filter((p) => p.required).map((p) => p.name),
    };
    querySchemas.set(op, schema);
  }
  return schema;
}

function coerce(raw: string, type: string | undefined): unknown {
  if (type === 'integer' || type === 'number') {
    const trimmed = raw.trim();
    if (trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
    return raw;
  }
  if (type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

/** Parses, coerces and validates the query string; returns the values with defaults applied. */
export function validateQuery(op: Operation, search: URLSearchParams): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const param of op.queryParams) {
    const raw = search.get(param.name);
    if (raw !== null) values[param.name] = coerce(raw, schemaType(param.schema));
  }
  const validate = compileSchema(querySchema(op));
  if (!validate(values)) throw new ValidationFailure(toIssues(['query'], validate.errors));
  for (const param of op.queryParams) {
    const fallback = (deref(param.schema) as { default?: unknown } | undefined)?.default;
    if (values[param.name] === undefined && fallback !== undefined) values[param.name] = fallback;
  }
  return values;
}

/** Validates a parsed JSON body against the operation's schema for `media`. */
export function validateBody(op: Operation, media: string, body: unknown): void {
  const schema = op.bodies[media];
  if (!schema) return;
  const validate = compileSchema(schema);
  if (!validate(body)) throw new ValidationFailure(toIssues(['body'], validate.errors));
}

/** Validates any value against a schema of the document, with issues under `prefix`. */
export function validateAgainst(schema: unknown, value: unknown, prefix: (string | number)[]): void {
  const validate = compileSchema(schema);
  if (!validate(value)) throw new ValidationFailure(toIssues(prefix, validate.errors));
}
