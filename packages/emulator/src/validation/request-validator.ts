import { querySchemaOf } from '@trackerkit/core';
import { refuse } from '../errors/errors.ts';
import type { Operation } from '../routing/operations.ts';
import { documentSchema, problemsAgainst } from './schemas.ts';

/** The first non-null JSON-Schema `type` of a parameter's schema. */
function typeOf(schema: Record<string, unknown>): unknown {
  const { type } = schema;
  return Array.isArray(type) ? type.find((t) => t !== 'null') : type;
}

/** A query string is text: numbers and booleans are read as their parameter's type first. */
function coerce(raw: string, type: unknown): unknown {
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
    if (raw !== null) values[param.name] = coerce(raw, typeOf(param.schema));
  }
  refuse('query', problemsAgainst(querySchemaOf(op.operationId), values));
  for (const param of op.queryParams) {
    if (values[param.name] === undefined && param.schema.default !== undefined)
      values[param.name] = param.schema.default;
  }
  return values;
}

/** Validates a parsed JSON body against the operation's schema for `media`. */
export function validateBody(op: Operation, media: string, body: unknown): void {
  const schema = op.bodies[media];
  if (schema) refuse('body', problemsAgainst(documentSchema(schema), body));
}
