// JSON Schemas for tools/list, computed once per tool (sdk-adapter.ts keeps them). Every byte here is read by the model on
// each conversation, so defaults the protocol already implies are dropped.
import { RESOURCE_ID_PATTERN, schemaOf } from '@trackerkit/core';
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

/** The document's own words for every id ("An id in a request path ..."): a tool's id says more or nothing. */
const ID_DESCRIPTION = (schemaOf('ResourceId') as z.ZodType).description;

/** Drops keywords that constrain nothing a JSON object or the protocol does not already imply. */
function isNoOp(key: string, value: unknown, node: Json, io: 'input' | 'output'): boolean {
  // An id argument's rule (the document's ResourceId pattern and length) is checked on every call;
  // ids come from the list_* tools' answers, so listing it would cost tokens and guide no call.
  if ((key === 'pattern' || key === 'maxLength') && node.pattern === RESOURCE_ID_PATTERN) return true;
  if (key === 'description' && value === ID_DESCRIPTION) return true;
  // "Not empty": no model sends an empty name or path it means to send, and the server refuses one
  // naming the rule. Longer minimums (an image description's 10 characters) are listed.
  if (key === 'minLength' && value === 1) return true;
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

/**
 * The one schema a nullable union wraps, when `{ anyOf: [X, { type: 'null' }] }` can be said as X
 * with `type: [X.type, 'null']` (the same values, in fewer tokens): X has one type, no
 * enum or const (null would have to join them) and no keyword the wrapper also has.
 */
function nullableBranch(node: Json): Json | undefined {
  const union = node.anyOf ?? node.oneOf;
  if (!Array.isArray(union) || union.length !== 2) return undefined;
  const nulls = union.filter(
    (branch) => (branch as Json).type === 'null' && Object.keys(branch).length === 1,
  );
  const other = union.find((branch) => !nulls.includes(branch)) as Json | undefined;
  if (nulls.length !== 1 || !other || typeof other.type !== 'string') return undefined;
  if ('enum' in other || 'const' in other || Object.keys(other).some((key) => key in node)) return undefined;
  return other;
}

function prune(node: unknown, io: 'input' | 'output'): unknown {
  if (Array.isArray(node)) return node.map((item) => prune(item, io));
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    // `properties` maps names to schemas: a property may be called `required`. None listed
    // constrains nothing.
    if (key === 'properties' && isEmptyObject(value)) continue;
    if (key === 'properties') {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, prune(v, io)]));
    } else if (!isNoOp(key, value, node as Json, io)) out[key] = prune(value, io);
  }
  const nullable = nullableBranch(out);
  if (!nullable) return out;
  const merged: Json = {};
  for (const [key, value] of Object.entries(out)) {
    if (key === 'anyOf' || key === 'oneOf')
      Object.assign(merged, nullable, { type: [nullable.type, 'null'] });
    else merged[key] = value;
  }
  return merged;
}

/** The JSON Schema of a tool's arguments (`input`) or of its structured result (`output`). */
export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json & { type: 'object' } {
  const json = prune(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), io) as Json & { type: 'object' };
  // The arguments object itself is closed in the zod schema (an unknown argument is refused with
  // its name), but a model only sends the properties it is shown: saying so costs ~6 tokens a tool.
  // Nested objects keep it (notification_config refuses the legacy fields a model might know).
  if (io === 'input' && json.additionalProperties === false) delete json.additionalProperties;
  return json;
}
