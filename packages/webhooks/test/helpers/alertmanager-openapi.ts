import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { type ZodType, z } from 'zod';

// Alertmanager 0.25's own API description (Swagger 2.0) as the judge of the receiver's answers:
// each definition becomes a validator through zod's JSON Schema import, the engine the suite
// validates its own document with. Swagger's `definitions` are JSON Schema (draft 4), refs and all.
const FILE = new URL('../fixtures/alertmanager/openapi-v0.25.0.yaml', import.meta.url);

type Json = Record<string, unknown>;
const spec = parse(readFileSync(FILE, 'utf8')) as { definitions: Json };
const definitions = spec.definitions;

const built = new Map<string, ZodType>();

/**
 * The validator of one of Alertmanager's definitions (`gettableAlerts`, `alertGroups`, ...), or
 * with `[]` after the name, of a list of them (`receiver[]`, as `GET /receivers` answers).
 */
function validatorOf(name: string): ZodType {
  let schema = built.get(name);
  if (!schema) {
    const one = name.replace(/\[\]$/, '');
    if (!Object.hasOwn(definitions, one))
      throw new Error(`no definition ${one} in Alertmanager's openapi.yaml`);
    const ref = { $ref: `#/definitions/${one}` };
    schema = z.fromJSONSchema(
      { ...(one === name ? ref : { type: 'array', items: ref }), definitions } as never,
      {
        defaultTarget: 'draft-4',
      },
    );
    built.set(name, schema);
  }
  return schema;
}

/** Where `value` breaks Alertmanager's definition `name`: `path: message` lines, none when valid. */
export function amProblems(name: string, value: unknown): string[] {
  const result = validatorOf(name).safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
}
