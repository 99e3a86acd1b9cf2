// Tool arguments taken from the document's schemas through the core (`schemaOf`, `querySchemaOf`),
// so their bounds, enums and patterns are the document's and cannot drift from the other layers.
// A tool adds only what is its own: whether an argument is optional, its default, and the words a
// model needs.
import {
  type components,
  type OperationId,
  type operations,
  querySchemaOf,
  type SchemaName,
  schemaOf,
} from '@trackerkit/core';
import { z } from 'zod';

type Schemas = components['schemas'];
type Query<O extends OperationId> = NonNullable<operations[O]['parameters']['query']>;

/**
 * What a field's description becomes: the tool's own text, `false` for none (the tool's own
 * description says it, and tools/list has a size budget), or the document's when left out.
 */
export type Description = string | false | undefined;

/** The properties of an object schema (the core builds a `minProperties` object as a pipe into one). */
function propertiesOf(schema: z.ZodType, where: string): Record<string, z.ZodType> {
  if (schema instanceof z.ZodPipe) return propertiesOf(schema.out as z.ZodType, where);
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  throw new Error(`@trackerkit/mcp-server: ${where} is not an object schema`);
}

/**
 * A property without the document's optional and default wrappers: the tool decides both, and a
 * document default applied by parsing would be sent as if the caller had chosen it (an update
 * would reset the stored value). The document's metadata sits on the wrappers and is kept.
 */
function bare(schema: z.ZodType): z.ZodType {
  let inner = schema;
  let meta: Record<string, unknown> = {};
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
    meta = { ...(z.globalRegistry.get(inner) ?? {}), ...meta };
    inner = inner.unwrap() as z.ZodType;
  }
  return Object.keys(meta).length > 0 ? inner.meta(meta) : inner;
}

function described(schema: z.ZodType, description: Description): z.ZodType {
  if (description === undefined) return schema;
  // An undefined description is left out of the JSON Schema.
  return schema.meta({ description: description === false ? undefined : description });
}

function property(schema: z.ZodType, key: string, where: string): z.ZodType {
  const properties = propertiesOf(schema, where);
  if (!Object.hasOwn(properties, key)) {
    throw new Error(`@trackerkit/mcp-server: the document's ${where} has no ${key}`);
  }
  return bare(properties[key] as z.ZodType);
}

/** A property of a component schema of the document, e.g. `documentField('TrackerCreate', 'name')`. */
export function documentField<N extends SchemaName & keyof Schemas, K extends keyof Schemas[N] & string>(
  name: N,
  key: K,
  description?: Description,
): z.ZodType<Exclude<Schemas[N][K], undefined>> {
  return described(property(schemaOf(name), key, name), description) as z.ZodType<
    Exclude<Schemas[N][K], undefined>
  >;
}

/** A query parameter of an operation of the document, e.g. `queryField('listRuns', 'signal')`. */
export function queryField<O extends OperationId, K extends keyof Query<O> & string>(
  operation: O,
  key: K,
  description?: Description,
): z.ZodType<Exclude<Query<O>[K], undefined>> {
  return described(property(querySchemaOf(operation), key, operation), description) as z.ZodType<
    Exclude<Query<O>[K], undefined>
  >;
}

/**
 * An array field without its items' own document description, for a field whose description
 * already says what the items are (e.g. skills: the SkillId text would repeat it at length).
 */
export function withPlainItems<T extends unknown[]>(field: z.ZodType<T>): z.ZodType<T> {
  if (!(field instanceof z.ZodArray)) throw new Error('@trackerkit/mcp-server: not an array schema');
  const element = (field.element as z.ZodType).meta({ description: undefined });
  const plain = field.clone({ ...field._zod.def, element });
  const meta = z.globalRegistry.get(field);
  return (meta ? plain.meta(meta) : plain) as unknown as z.ZodType<T>;
}
