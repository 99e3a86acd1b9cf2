// The generated zod schemas must agree with the document. Candidate values are derived from each
// schema's keywords (bounds and one past them, every enum value and a stranger, missing required
// fields, nulls, wrong types...), then judged by Ajv against the document itself and by zod: any
// disagreement means src/generated/zod.ts drifted from openapi/tracker-service.yaml.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { renderZod } from '../../scripts/render-zod.ts';
import { schemas } from '../../src/generated/zod.ts';
import { openapiDocument } from '../../src/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: walks the untyped document.
type Json = Record<string, any>;
const doc = openapiDocument as unknown as Json;

const ajv = new Ajv2020({ strict: false, allErrors: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ $id: 'doc', components: doc.components, paths: doc.paths }, 'doc');
const pointerEscape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const validators = new Map<string, (v: unknown) => boolean>();
function valid(pointer: string, value: unknown): boolean {
  let v = validators.get(pointer);
  if (!v) {
    const compiled = ajv.compile({ $ref: `doc#${pointer}` });
    v = (x) => compiled(x) as boolean;
    validators.set(pointer, v);
  }
  return v(value);
}

const resolve = (node: Json, pointer: string): [Json, string] =>
  node.$ref ? [doc.components.schemas[node.$ref.split('/').pop()], node.$ref.slice(1)] : [node, pointer];

const STRINGS = [
  '',
  'a',
  'web_research',
  'Web Research',
  'a__b',
  'json',
  'text,image',
  'json,',
  'basic',
  'zen',
];
const DATES = ['2026-11-21T08:00:00Z', '2026-11-21T08:00:00.5+02:00', '2026-11-21', 'yesterday'];

/** Candidate values for a schema node, from its keywords. `depth` bounds the nesting of mutations. */
function candidates(input: Json, pointer: string, depth = 0): unknown[] {
  const [node, at] = resolve(input, pointer);
  const out: unknown[] = [null, 'x', 3, true, [], {}];
  for (const [i, branch] of (node.oneOf ?? []).entries())
    out.push(...candidates(branch, `${at}/oneOf/${i}`, depth));
  if (node.enum) out.push(...node.enum, 'not-in-enum');
  if (node.const !== undefined) out.push(node.const, `${node.const}-other`);
  const types: string[] = [node.type ?? []].flat();
  for (const type of types) {
    if (type === 'string') {
      out.push(...STRINGS);
      if (node.format === 'date-time') out.push(...DATES);
      for (const n of [node.minLength, node.maxLength])
        if (n !== undefined) out.push('s'.repeat(n), 's'.repeat(n + 1), 's'.repeat(Math.max(0, n - 1)));
    }
    if (type === 'integer' || type === 'number') {
      out.push(0, 1, -1, 1.5, '1', 1e6);
      for (const n of [node.minimum, node.maximum]) if (n !== undefined) out.push(n, n - 1, n + 1);
    }
    if (type === 'boolean') out.push(false, 'true');
    if (type === 'array') {
      const items = node.items ? candidates(node.items, `${at}/items`, depth + 1) : [];
      const good = items.find((v) => node.items && valid(`${at}/items`, v)) ?? {};
      out.push(...items.slice(0, 40).map((v) => [v]));
      for (const n of [node.minItems, node.maxItems]) {
        if (n !== undefined) for (const k of [n - 1, n, n + 1]) if (k >= 0) out.push(Array(k).fill(good));
      }
    }
    if (type === 'object') out.push(...objectCandidates(node, at, depth));
  }
  return out;
}

/** A smallest valid object, then one mutation at a time: each property's candidates, each required property removed. */
function objectCandidates(node: Json, at: string, depth: number): unknown[] {
  const props = Object.entries<Json>(node.properties ?? {}).filter(
    ([, p]) => p.contentMediaType === undefined,
  );
  const required: string[] = (node.required ?? []).filter((k: string) => props.some(([n]) => n === k));
  const pick = (name: string, p: Json) =>
    candidates(p, `${at}/properties/${pointerEscape(name)}`, depth + 1).find((v) =>
      valid(`${at}/properties/${pointerEscape(name)}`, v),
    );
  const base: Json = {};
  for (const [name, p] of props) if (required.includes(name)) base[name] = pick(name, p);
  for (const [name, p] of props) {
    if (Object.keys(base).length >= (node.minProperties ?? 0)) break;
    if (!(name in base)) base[name] = pick(name, p);
  }
  const out: unknown[] = [base, { ...base, unknown_extra: 1 }];
  for (const name of required) {
    const { [name]: _, ...rest } = base;
    out.push(rest);
  }
  if (depth > 2) return out;
  for (const [name, p] of props) {
    for (const value of candidates(p, `${at}/properties/${pointerEscape(name)}`, depth + 1))
      out.push({ ...base, [name]: value });
  }
  return out;
}

/** The zod schema under test, and where its JSON Schema lives in the document. */
function targets(): [string, { pointer: string; schema: (typeof schemas)[keyof typeof schemas] }][] {
  const out: [string, { pointer: string; schema: (typeof schemas)[keyof typeof schemas] }][] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    if (!name.endsWith('Query')) out.push([name, { pointer: `/components/schemas/${name}`, schema }]);
  }
  return out;
}

function queryTargets(): [string, { params: Json[]; schema: (typeof schemas)[keyof typeof schemas] }][] {
  const out: [string, { params: Json[]; schema: (typeof schemas)[keyof typeof schemas] }][] = [];
  for (const item of Object.values<Json>(doc.paths)) {
    for (const op of Object.values<Json>(item)) {
      if (!op?.operationId) continue;
      const params = (op.parameters ?? [])
        .map((p: Json) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p))
        .filter((p: Json) => p.in === 'query');
      if (params.length === 0) continue;
      const schema = (schemas as Record<string, (typeof schemas)[keyof typeof schemas]>)[
        `${op.operationId}Query`
      ];
      out.push([op.operationId, { params, schema: schema! }]);
    }
  }
  return out;
}

describe('generated zod schemas agree with the document', () => {
  it('cover every request body schema and every operation with query parameters', () => {
    const bodies = new Set<string>();
    for (const item of Object.values<Json>(doc.paths)) {
      for (const op of Object.values<Json>(item)) {
        for (const media of Object.values<Json>(op?.requestBody?.content ?? {}))
          bodies.add(media.schema.$ref.split('/').pop());
      }
    }
    for (const name of [...bodies, 'AgentConfig', 'AgentConfigUpdate', 'NotificationConfig', 'Schedule']) {
      expect(Object.keys(schemas)).toContain(name);
    }
    expect(
      queryTargets()
        .map(([id]) => id)
        .sort(),
    ).toEqual(['getVaultRecent', 'listRuns', 'listSpaces', 'listTrackers', 'listVaultSources']);
  });

  it.each(targets())('%s', (name, { pointer, schema }) => {
    // Binary multipart parts are left to the multipart encoder (see scripts/zod/to-zod.ts).
    const strip = (v: unknown) =>
      name === 'VaultFileUpload' && v && typeof v === 'object' && !Array.isArray(v)
        ? { file: 'bytes', ...v }
        : v;
    const values = candidates({ $ref: `#${pointer}` }, pointer);
    let accepted = 0;
    const disagreements: string[] = [];
    for (const value of values) {
      const want = valid(pointer, strip(value));
      const got = schema.safeParse(value).success;
      if (want) accepted += 1;
      if (want !== got)
        disagreements.push(`${JSON.stringify(value).slice(0, 200)}: document ${want}, zod ${got}`);
    }
    expect(disagreements).toEqual([]);
    // Both verdicts occur, so the comparison cannot pass vacuously.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(values.length);
  });

  it.each(queryTargets())('%s query', (_id, { params, schema }) => {
    const node: Json = {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
      required: params.filter((p) => p.required).map((p) => p.name),
      additionalProperties: false,
    };
    const compiled = ajv.compile({
      $id: `q-${_id}`,
      ...JSON.parse(JSON.stringify(node).replaceAll('"#/components', '"doc#/components')),
    });
    const values = objectCandidatesFor(node);
    const disagreements = values
      .filter((v) => (compiled(v) as boolean) !== schema.safeParse(v).success)
      .map((v) => JSON.stringify(v));
    expect(disagreements).toEqual([]);
    expect(values.some((v) => compiled(v))).toBe(true);
    expect(values.some((v) => !compiled(v))).toBe(true);
  });

  it('are what the generator emits for the current document (same as generate:check)', () => {
    const yamlPath = fileURLToPath(new URL('../../../../openapi/tracker-service.yaml', import.meta.url));
    const generated = fileURLToPath(new URL('../../src/generated/zod.ts', import.meta.url));
    const want = renderZod(parse(readFileSync(yamlPath, 'utf8')));
    expect(readFileSync(generated, 'utf8').endsWith(want)).toBe(true);
  });
});

/** Query objects: inline parameter schemas whose $refs point into the document. */
function objectCandidatesFor(node: Json): unknown[] {
  const out: unknown[] = [{}, { unknown_extra: 1 }];
  const base: Json = {};
  for (const name of node.required) {
    const s = resolve(node.properties[name], '')[0];
    base[name] = s.type === 'string' ? 'spc_1' : 1;
  }
  out.push(base);
  for (const [name, p] of Object.entries<Json>(node.properties)) {
    const [, at] = p.$ref ? resolve(p, '') : [p, ''];
    const values = at ? candidates(p, at) : inlineCandidates(p);
    for (const value of values) out.push({ ...base, [name]: value });
  }
  return out;
}

function inlineCandidates(p: Json): unknown[] {
  const out: unknown[] = [null, 'x', 1.5, '1', ...STRINGS];
  if (p.format === 'date-time') out.push(...DATES);
  if (p.pattern) out.push('json', 'text,image,json', 'json,', 'JSON', 'text,,json');
  for (const n of [p.minimum, p.maximum, p.minLength, p.maxLength]) {
    if (n === undefined) continue;
    out.push(n - 1, n, n + 1, 's'.repeat(Math.max(0, n - 1)), 's'.repeat(n), 's'.repeat(n + 1));
  }
  return out;
}
