// JSON Schemas for tools/list, computed once per tool (sdk-adapter.ts keeps them). Every byte here is read by the model on
// each conversation, so defaults the protocol already implies are dropped.
import { RESOURCE_ID_PATTERN } from '@trackerkit/core';
import { z } from 'zod';

type Json = Record<string, unknown>;

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/** The int32 bound the document puts on page numbers: no model comes near it. */
const INT32_MAX = 2_147_483_647;

/**
 * Keywords of a result schema that tell a model nothing: the server builds the result, so which
 * keys it always sets and that it adds none are its own promises (checked by its tests), not
 * information for choosing a call.
 */
const OUTPUT_ONLY_NOISE = new Set(['required', 'additionalProperties']);

/** Drops keywords that constrain nothing a JSON object or the protocol does not already imply. */
function isNoOp(key: string, value: unknown, node: Json, io: 'input' | 'output'): boolean {
  // An id argument's rule (the document's ResourceId pattern and length) is checked on every call;
  // ids come from the list_* tools' answers, so listing it would cost tokens and guide no call.
  if ((key === 'pattern' || key === 'maxLength') && node.pattern === RESOURCE_ID_PATTERN) return true;
  if (io === 'output' && OUTPUT_ONLY_NOISE.has(key)) return true;
  if (key === 'maximum' && value === INT32_MAX) return true;
  // 2020-12 is the protocol's default dialect.
  if (key === '$schema') return true;
  // The document's vendor extensions (assumptions, rule lists, emulator controls) are for the
  // suite's own tools; the model reads the keywords and the descriptions.
  if (key.startsWith('x-')) return true;
  // z.int() adds the safe-integer bounds.
  if ((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER)
    return true;
  // zod spells date-time as a long regex too; `format` says the same in a few bytes.
  if (key === 'pattern' && node.format === 'date-time') return true;
  // JSON object keys are strings, and `{}` allows any extra property, as omitting it does.
  if (key === 'propertyNames' && (value as Json).type === 'string') return true;
  return key === 'additionalProperties' && isEmptyObject(value);
}

function prune(node: unknown, io: 'input' | 'output'): unknown {
  if (Array.isArray(node)) return node.map((item) => prune(item, io));
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    // `properties` maps names to schemas: a property may be called `required`.
    if (key === 'properties') {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, prune(v, io)]));
    } else if (!isNoOp(key, value, node as Json, io)) out[key] = prune(value, io);
  }
  return out;
}

/** The JSON Schema of a tool's arguments (`input`) or of its structured result (`output`). */
export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json & { type: 'object' } {
  return prune(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), io) as Json & { type: 'object' };
}
