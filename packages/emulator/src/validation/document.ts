import { openapiDocument } from '@trackerkit/client';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under nodenext its default import is the module object's type.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const DOC_ID = 'tracker-service.json';
export const doc = openapiDocument as unknown as Record<string, unknown>;

/** Follows a local `#/...` JSON pointer inside the document. */
export function resolvePointer(ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`@trackerkit/emulator: unsupported $ref ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Resolves OpenAPI-level `$ref`s (parameters, responses) until a concrete object is reached. */
export function deref<T>(node: T): T {
  let current: unknown = node;
  while (current && typeof current === 'object' && '$ref' in current) {
    current = resolvePointer(String((current as { $ref: string }).$ref));
  }
  return current as T;
}

/** Rewrites local refs so a schema taken out of the document still resolves inside it. */
function anchor(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchor);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#') ? DOC_ID + value : anchor(value);
  }
  return out;
}

let shared: Ajv2020 | undefined;

function ajv(): Ajv2020 {
  if (shared) return shared;
  // strict off: the document carries `x-` annotations and OpenAPI `example`s Ajv does not know.
  const instance = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(instance);
  instance.addSchema(doc, DOC_ID);
  shared = instance;
  return instance;
}

const cache = new Map<unknown, ValidateFunction>();

/** Compiles a schema found anywhere in the document (cached by identity). */
export function compileSchema(schema: unknown): ValidateFunction {
  let fn = cache.get(schema);
  if (!fn) {
    fn = ajv().compile(anchor(schema) as object);
    cache.set(schema, fn);
  }
  return fn;
}

/** The JSON-Schema `type` of a (possibly referenced) schema, first non-null one. */
export function schemaType(schema: unknown): string | undefined {
  const resolved = deref(schema) as { type?: string | string[] } | undefined;
  const type = resolved?.type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null');
  return type;
}
