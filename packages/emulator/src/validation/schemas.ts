// The emulator checks requests and its own responses with core's one engine: zod schemas built
// from the document (schemaOf, querySchemaOf) and core's problemsOf for the FastAPI-style problems.
import { type Path, type Problem, problemsOf, type SchemaName, schemaAt, schemaOf } from '@trackerkit/core';

type Schema = Parameters<typeof problemsOf>[0];

const COMPONENT = '#/components/schemas/';

/** The zod schema of a schema of the document: a component `$ref`, or a JSON pointer to one. */
export function documentSchema(json: unknown): Schema {
  const ref = (json as { $ref?: unknown } | undefined)?.$ref;
  if (typeof ref !== 'string') throw new Error('@trackerkit/emulator: expected a $ref into the document');
  return ref.startsWith(COMPONENT) ? schemaOf(ref.slice(COMPONENT.length) as SchemaName) : schemaAt(ref);
}

/** Problems of a value against a zod schema or a component name. */
export function problemsAgainst(schema: Schema | SchemaName, value: unknown, prefix: Path = []): Problem[] {
  return problemsOf(typeof schema === 'string' ? schemaOf(schema) : schema, value, prefix);
}
