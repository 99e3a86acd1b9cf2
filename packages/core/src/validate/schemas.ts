// The one validation engine: zod schemas built from the document's JSON Schemas by zod's own
// JSON-Schema import. Nothing is written by hand, so no layer can drift from the document.
import { type ZodType, z } from 'zod';
import { openapiDocument } from '../generated/document.ts';
import type { operations } from '../generated/openapi.ts';

type JsonObject = Record<string, unknown>;
const components = (openapiDocument as unknown as { components: { schemas: JsonObject } }).components;

export type SchemaName = keyof typeof openapiDocument.components.schemas;

/** Rewrites the document's refs so a schema taken out of it still resolves, against `$defs`. */
function rooted(schema: unknown): JsonObject {
  const text = JSON.stringify({ ...(schema as JsonObject), $defs: components.schemas });
  return JSON.parse(text.replaceAll('"#/components/schemas/', '"#/$defs/')) as JsonObject;
}

function build(schema: unknown): ZodType {
  return z.fromJSONSchema(rooted(schema) as Parameters<typeof z.fromJSONSchema>[0], {
    defaultTarget: 'draft-2020-12',
  });
}

const byName = new Map<string, ZodType>();

/** The zod schema of a component of the document (built once, on first use). */
export function schemaOf(name: SchemaName): ZodType {
  let schema = byName.get(name);
  if (!schema) {
    if (!Object.hasOwn(components.schemas, name)) throw new Error(`@trackerkit/core: no schema ${name}`);
    schema = build(components.schemas[name]);
    byName.set(name, schema);
  }
  return schema;
}

const byPointer = new Map<string, ZodType>();

/** The zod schema of any schema object in the document, by JSON pointer (`#/paths/...`). */
export function schemaAt(pointer: string): ZodType {
  let schema = byPointer.get(pointer);
  if (!schema) {
    const node = resolveRef({ $ref: pointer });
    if (!node || typeof node !== 'object') throw new Error(`@trackerkit/core: nothing at ${pointer}`);
    schema = build(node);
    byPointer.set(pointer, schema);
  }
  return schema;
}

type Parameter = { name: string; in: string; required?: boolean; schema: unknown; $ref?: string };
export type OperationId = keyof operations;

/** Follows `$ref`s (`#/components/...`, JSON-pointer escapes included) until a node that is not one. */
export function resolveRef<T>(node: T): T {
  let current: unknown = node;
  while (current && typeof current === 'object' && '$ref' in current) {
    const ref = String((current as { $ref: string }).$ref);
    current = ref
      .slice(2)
      .split('/')
      .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((at, key) => (at as JsonObject | undefined)?.[key], openapiDocument);
  }
  return current as T;
}

function operationOf(id: OperationId): { parameters?: Parameter[] } {
  for (const item of Object.values(openapiDocument.paths as unknown as Record<string, JsonObject>)) {
    for (const op of Object.values(item)) {
      if ((op as { operationId?: string })?.operationId === id) return op as { parameters?: Parameter[] };
    }
  }
  throw new Error(`@trackerkit/core: no operation ${id}`);
}

/** An operation's query parameters with their schemas and defaults, from the document. */
export function queryParameters(id: OperationId): { name: string; required: boolean; schema: JsonObject }[] {
  return (operationOf(id).parameters ?? [])
    .map((p) => resolveRef(p))
    .filter((p) => p.in === 'query')
    .map((p) => ({
      name: p.name,
      required: p.required === true,
      schema: resolveRef(p.schema) as JsonObject,
    }));
}

const byQuery = new Map<string, ZodType>();

/** The zod schema of an operation's query: known parameters only (an unknown one is a mistake). */
export function querySchemaOf(id: OperationId): ZodType {
  let schema = byQuery.get(id);
  if (!schema) {
    const params = queryParameters(id);
    schema = build({
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
      required: params.filter((p) => p.required).map((p) => p.name),
      additionalProperties: false,
    });
    byQuery.set(id, schema);
  }
  return schema;
}
