// Emits src/generated/zod.ts: zod v4 schemas for every component schema a request uses (bodies,
// multipart fields and what they refer to) and one schema per operation's query parameters.
import { directRefs, type Json, schemaConst, toZod } from './zod/to-zod.ts';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

interface Operation {
  operationId: string;
  parameters: Json[];
  requestBody?: Json;
}

function operations(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const item of Object.values<Json>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) =>
        p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p,
      );
      out.push({ operationId: op.operationId, parameters, requestBody: op.requestBody });
    }
  }
  return out;
}

/** Component schemas reachable from the request bodies, dependencies first. */
function requestSchemaOrder(doc: Json, ops: Operation[]): string[] {
  const schemas = doc.components.schemas;
  const roots = new Set<string>();
  for (const op of ops) {
    for (const media of Object.values<Json>(op.requestBody?.content ?? {})) {
      for (const name of directRefs(media.schema)) roots.add(name);
    }
    for (const p of op.parameters) if (p.in === 'query') for (const n of directRefs(p.schema)) roots.add(n);
  }
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string): void => {
    if (order.includes(name)) return;
    if (visiting.has(name)) throw new Error(`render-zod: ${name} refers to itself; add z.lazy support`);
    visiting.add(name);
    if (!schemas[name]) throw new Error(`render-zod: #/components/schemas/${name} is missing`);
    for (const dep of [...directRefs(schemas[name])].sort()) visit(dep);
    visiting.delete(name);
    order.push(name);
  };
  for (const name of [...roots].sort()) visit(name);
  return order;
}

function querySchema(op: Operation): string | undefined {
  const query = op.parameters.filter((p) => p.in === 'query');
  if (query.length === 0) return undefined;
  // Unknown query keys are rejected: they are almost always a misspelt filter.
  const props = query.map((p) => {
    const inner = toZod(
      { ...p.schema, description: p.description ?? p.schema.description },
      `${op.operationId}?${p.name}`,
    );
    return `  ${JSON.stringify(p.name)}: ${inner}${p.required ? '' : '.optional()'},`;
  });
  return `export const ${schemaConst(`${op.operationId}Query`)} = z.strictObject({\n${props.join('\n')}\n});\n`;
}

export function renderZod(doc: Json): string {
  const ops = operations(doc);
  const names = requestSchemaOrder(doc, ops);
  const lines = [`import { z } from 'zod';\n`];
  for (const name of names) {
    lines.push(`export const ${schemaConst(name)} = ${toZod(doc.components.schemas[name], name)};\n`);
  }
  const queries: string[] = [];
  for (const op of ops) {
    const text = querySchema(op);
    if (text === undefined) continue;
    lines.push(text);
    queries.push(`${op.operationId}Query`);
  }
  const entries = [...names, ...queries].map((n) => `  ${n}: ${schemaConst(n)},`);
  lines.push(
    '/** Every generated schema by name: component schemas by their name, query schemas as `<operationId>Query`. */',
    `export const schemas = {\n${entries.join('\n')}\n} as const;\n`,
  );
  return lines.join('\n');
}
