// The app definition as Zapier's own tools judge it: zapier-platform-core compiles it the way
// `zapier validate` and the runtime do, then validates it with zapier-platform-schema.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/index.ts';

type Definition = Record<string, unknown>;
const schemaTools = createRequire(import.meta.url)('zapier-platform-core/src/tools/schema') as {
  compileApp(app: Definition): Definition;
  validateApp(compiled: Definition): { stack?: string; property?: string }[];
};
const problemsOf = (definition: Definition) =>
  schemaTools.validateApp(schemaTools.compileApp(definition)).map((e) => e.stack);

type Operation = {
  key: string;
  display: { hidden?: boolean };
  operation: {
    sample?: Record<string, unknown>;
    outputFields?: { key: string }[];
    inputFields?: { key: string; dynamic?: string }[];
  };
};
const actions = (): [string, Operation][] =>
  (['triggers', 'creates', 'searches'] as const).flatMap((kind) =>
    Object.values(app[kind] as Record<string, Operation>).map((op): [string, Operation] => [
      `${kind}.${op.key}`,
      op,
    ]),
  );

describe('the app definition', () => {
  it('passes the platform schema validation', () => {
    expect(problemsOf(app)).toEqual([]);
  });

  it.each([
    ['an authentication without its test', (d: Definition) => delete (d.authentication as Definition).test],
    [
      'a create without perform',
      (d: Definition) =>
        delete ((d.creates as Record<string, Operation>).run_tracker!.operation as Definition).perform,
    ],
    [
      'a file field of a type Zapier does not know',
      (d: Definition) => {
        const fields = (d.creates as Record<string, Operation>).upload_file!.operation.inputFields!;
        (fields.find((f) => f.key === 'file') as Definition).type = 'blob';
      },
    ],
    [
      'a trigger with a key Zapier refuses',
      (d: Definition) => ((d.triggers as Record<string, Operation>).new_signal!.key = 'new signal!'),
    ],
  ])('fails on %s', (_name, breakIt) => {
    const broken = structuredCloneWithFunctions(app);
    breakIt(broken);
    expect(problemsOf(broken).length).toBeGreaterThan(0);
  });

  it.each(actions())('%s declares a sample with an id and output fields it has', (_name, action) => {
    const { sample, outputFields } = action.operation;
    expect(sample?.id).toEqual(expect.any(String));
    expect(outputFields?.length).toBeGreaterThan(0);
    expect(outputFields?.some((field) => field.key === 'id')).toBe(true);
  });

  it('takes the vault file as a file field, which Zapier hands over as a URL', () => {
    const fields = (app.creates.upload_file!.operation.inputFields ?? []) as { key: string; type?: string }[];
    expect(fields.find((f) => f.key === 'file')).toMatchObject({ type: 'file', required: true });
    expect(fields.map((f) => f.key)).toEqual([
      'space_id',
      'tracker_id',
      'file',
      'filename',
      'source_name',
      'description',
    ]);
  });

  it('points every dynamic dropdown at a hidden trigger of the app', () => {
    const dynamic = actions()
      .flatMap(([, a]) => a.operation.inputFields ?? [])
      .filter((f) => f.dynamic);
    expect(dynamic.length).toBeGreaterThan(0);
    for (const field of dynamic) {
      const [key, id, label] = field.dynamic!.split('.');
      const trigger = (app.triggers as Record<string, Operation>)[key!];
      expect(trigger?.display.hidden, field.dynamic).toBe(true);
      expect(trigger?.operation.sample).toHaveProperty(id!);
      expect(trigger?.operation.sample).toHaveProperty(label!);
    }
  });
});

/** A deep copy keeping functions (structuredClone refuses them). */
function structuredCloneWithFunctions<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(structuredCloneWithFunctions) as T;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, structuredCloneWithFunctions(v)])) as T;
}
