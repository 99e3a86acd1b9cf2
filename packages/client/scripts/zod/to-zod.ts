// Turns one JSON Schema (OpenAPI 3.1) node into zod v4 source text. Only the keywords the document
// uses are supported; anything else fails the generator loudly rather than being silently dropped.
// biome-ignore lint/suspicious/noExplicitAny: walks an untyped YAML document.
export type Json = Record<string, any>;

const SUPPORTED = new Set([
  'type',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'minProperties',
  'pattern',
  'format',
  'required',
  'properties',
  'items',
  'oneOf',
  '$ref',
  'additionalProperties',
  'contentMediaType',
  // annotations: carried as metadata or ignored
  'description',
  'default',
  'examples',
  'example',
]);

export const refName = (ref: string): string => {
  const prefix = '#/components/schemas/';
  if (!ref.startsWith(prefix)) throw new Error(`render-zod: unsupported $ref ${ref}`);
  return ref.slice(prefix.length);
};

export const schemaConst = (name: string): string => `${name}Schema`;

const lit = (value: unknown): string => JSON.stringify(value);

/** Annotations that help consumers (MCP tool schemas, n8n fields) without changing validation. */
function meta(node: Json): string {
  const m: Json = {};
  if (typeof node.description === 'string') m.description = node.description.trim();
  if (node.default !== undefined) m.default = node.default;
  return Object.keys(m).length > 0 ? `.meta(${lit(m)})` : '';
}

function checkKeywords(node: Json, where: string): void {
  for (const key of Object.keys(node)) {
    if (!key.startsWith('x-') && !SUPPORTED.has(key)) {
      throw new Error(`render-zod: keyword "${key}" at ${where} is not supported; extend scripts/zod`);
    }
  }
}

function stringSchema(node: Json): string {
  let out = node.format === 'date-time' ? 'z.iso.datetime({ offset: true })' : 'z.string()';
  if (node.format !== undefined && node.format !== 'date-time') {
    throw new Error(`render-zod: format ${node.format} is not supported`);
  }
  if (node.minLength !== undefined) out += `.min(${node.minLength})`;
  if (node.maxLength !== undefined) out += `.max(${node.maxLength})`;
  if (node.pattern !== undefined) out += `.regex(new RegExp(${lit(node.pattern)}))`;
  return out;
}

function numberSchema(node: Json, integer: boolean): string {
  let out = integer ? 'z.int()' : 'z.number()';
  if (node.minimum !== undefined) out += `.min(${node.minimum})`;
  if (node.maximum !== undefined) out += `.max(${node.maximum})`;
  return out;
}

function objectSchema(node: Json, where: string): string {
  const required = new Set<string>(node.required ?? []);
  const props = Object.entries<Json>(node.properties ?? {})
    // Binary multipart parts are checked by the multipart encoder, not by zod.
    .filter(([, prop]) => prop.contentMediaType === undefined)
    .map(([key, prop]) => {
      const inner = toZod(prop, `${where}.${key}`);
      return `${lit(key)}: ${inner}${required.has(key) ? '' : '.optional()'}`;
    });
  const shape = props.length === 0 ? '{}' : `{\n  ${props.join(',\n  ')},\n}`;
  const extra = node.additionalProperties;
  let out: string;
  if (extra === false) out = `z.strictObject(${shape})`;
  else if (extra === undefined || extra === true) out = `z.looseObject(${shape})`;
  else out = `z.object(${shape}).catchall(${toZod(extra, `${where}[*]`)})`;
  if (node.minProperties !== undefined) {
    const n = node.minProperties;
    out += `.refine((o) => Object.values(o).filter((v) => v !== undefined).length >= ${n}, { message: ${lit(`minProperties: send at least ${n} field(s)`)} })`;
  }
  return out;
}

function arraySchema(node: Json, where: string): string {
  let out = `z.array(${node.items ? toZod(node.items, `${where}[]`) : 'z.unknown()'})`;
  if (node.minItems !== undefined) out += `.min(${node.minItems})`;
  if (node.maxItems !== undefined) out += `.max(${node.maxItems})`;
  return out;
}

function enumSchema(values: unknown[]): string {
  if (values.every((v) => typeof v === 'string')) return `z.enum(${lit(values)})`;
  return `z.union([${values.map((v) => `z.literal(${lit(v)})`).join(', ')}])`;
}

function typedSchema(node: Json, type: string, where: string): string {
  switch (type) {
    case 'string':
      return stringSchema(node);
    case 'integer':
      return numberSchema(node, true);
    case 'number':
      return numberSchema(node, false);
    case 'boolean':
      return 'z.boolean()';
    case 'null':
      return 'z.null()';
    case 'object':
      return objectSchema(node, where);
    case 'array':
      return arraySchema(node, where);
    default:
      throw new Error(`render-zod: type ${type} at ${where} is not supported`);
  }
}

function nullable(inner: string, isNullable: boolean): string {
  return isNullable ? `${inner}.nullable()` : inner;
}

/** zod source for a schema node, without its trailing metadata. */
function body(node: Json, where: string): string {
  if (node.$ref) return schemaConst(refName(node.$ref));
  if (node.const !== undefined) return `z.literal(${lit(node.const)})`;
  if (node.oneOf) {
    const branches: Json[] = node.oneOf;
    const others = branches.filter((b) => b.type !== 'null');
    const parts = others.map((b, i) => toZod(b, `${where}.oneOf[${i}]`));
    // The document's oneOf branches are disjoint by type, so a union is exact.
    const inner = parts.length === 1 ? parts[0]! : `z.union([${parts.join(', ')}])`;
    return nullable(inner, others.length < branches.length);
  }
  const types: string[] = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  const isNullable = types.includes('null');
  const nonNull = types.filter((t) => t !== 'null');
  if (node.enum) {
    const values: unknown[] = node.enum.filter((v: unknown) => v !== null);
    return nullable(enumSchema(values), isNullable || node.enum.includes(null));
  }
  if (nonNull.length === 0) return isNullable ? 'z.null()' : 'z.unknown()';
  const parts = nonNull.map((t) => typedSchema(node, t, where));
  return nullable(parts.length === 1 ? parts[0]! : `z.union([${parts.join(', ')}])`, isNullable);
}

export function toZod(node: Json, where: string): string {
  checkKeywords(node, where);
  return body(node, where) + meta(node);
}

/** Names of the component schemas a node refers to, directly. */
export function directRefs(node: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const item of node) directRefs(item, out);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.add(refName(value));
      else if (!key.startsWith('x-')) directRefs(value, out);
    }
  }
  return out;
}
