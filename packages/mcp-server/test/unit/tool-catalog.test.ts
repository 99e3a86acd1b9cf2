import { openapiDocument } from '@trackerkit/core';
import { describe, expect, it } from 'vitest';
import {
  ANNOTATION_DEFAULTS,
  selectTools,
  TOOLSETS,
  toolDefinitions,
  toToolListEntry,
} from '../../src/index.ts';

const EXPECTED_TOOLS = [
  'list_spaces',
  'get_space',
  'list_trackers',
  'get_tracker',
  'create_tracker',
  'update_tracker',
  'delete_tracker',
  'run_tracker',
  'get_run',
  'list_runs',
  'delete_run',
  'upload_vault_data',
  'upload_vault_file',
  'list_vault_sources',
  'get_vault_source',
  'update_vault_source',
  'delete_vault_source',
  'get_vault_recent',
  'estimate_run_cost',
];

// operationId -> the MCP tool names the document assigns (`x-trackerkit-names.mcp`).
function documentToolNames(): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const item of Object.values(openapiDocument.paths)) {
    for (const operation of Object.values(item as Record<string, unknown>)) {
      const op = operation as { operationId?: string; 'x-trackerkit-names'?: { mcp?: string } };
      const mcp = op['x-trackerkit-names']?.mcp;
      if (op.operationId && mcp) names.set(op.operationId, mcp.split(/\s+and\s+|,\s*/));
    }
  }
  return names;
}

const byName = new Map(toolDefinitions.map((tool) => [tool.name, tool]));

describe('tool catalogue', () => {
  it("offers exactly the issue's tools, at most 20, snake_case and unique", () => {
    const names = toolDefinitions.map((tool) => tool.name);
    expect([...names].sort()).toEqual([...EXPECTED_TOOLS].sort());
    expect(names.length).toBeLessThanOrEqual(20);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(_[a-z]+)+$/);
  });

  it('reaches every operation of the document under the name the document gives it', () => {
    const fromDocument = documentToolNames();
    expect(fromDocument.size).toBe(17);
    for (const [operationId, names] of fromDocument) {
      for (const name of names) {
        expect(byName.get(name)?.operationId, `${operationId} → ${name}`).toBe(operationId);
      }
    }
    for (const tool of toolDefinitions) {
      if (tool.operationId === null) continue;
      expect(fromDocument.get(tool.operationId), tool.name).toContain(tool.name);
    }
  });

  it.each(toolDefinitions.map((tool) => [tool.name, tool] as const))(
    '%s has a title, a description for a model and all four annotations',
    (name, tool) => {
      expect(tool.title.length).toBeGreaterThan(3);
      expect(tool.description.length).toBeGreaterThan(60);
      expect(tool.description.length).toBeLessThan(400);
      // Every description points the model to a next or related call.
      const others = EXPECTED_TOOLS.filter((other) => other !== name);
      expect(
        others.some((other) => tool.description.includes(other)),
        tool.description,
      ).toBe(true);
      // Listed hints left out mean the protocol's defaults; read with them, the listing says
      // exactly what the definition does (destructive/idempotent only matter for writes).
      const listed = { ...ANNOTATION_DEFAULTS, ...toToolListEntry(tool).annotations };
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
        if (tool.annotations.readOnlyHint && (hint === 'destructiveHint' || hint === 'idempotentHint'))
          continue;
        expect(listed[hint], `${name}.${hint}`).toBe(tool.annotations[hint]);
      }
    },
  );

  it.each([
    [
      'list and get tools are read-only',
      /^(list|get)_/,
      { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    ],
    [
      'delete tools are destructive and not read-only',
      /^delete_/,
      { readOnlyHint: false, destructiveHint: true },
    ],
    [
      'create, run and upload tools are not idempotent',
      /^(create|run|upload)_/,
      { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    ],
    [
      'update tools overwrite',
      /^update_/,
      { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    ],
  ] as const)('%s', (_name, pattern, want) => {
    const tools = toolDefinitions.filter((tool) => pattern.test(tool.name));
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) expect(tool.annotations, tool.name).toMatchObject(want);
  });

  it('estimate_run_cost is read-only and calls no service', () => {
    expect(byName.get('estimate_run_cost')?.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
  });

  it('every tool has object input and output schemas', () => {
    for (const tool of toolDefinitions) {
      const entry = toToolListEntry(tool);
      expect(entry.inputSchema.type, tool.name).toBe('object');
      expect(entry.outputSchema?.type, tool.name).toBe('object');
    }
  });
});

describe('selectTools', () => {
  it.each([
    [
      'read-only keeps only read-only tools',
      { readOnly: true },
      (t: { annotations: { readOnlyHint: boolean } }) => t.annotations.readOnlyHint,
    ],
    [
      'toolsets vault keeps vault tools',
      { toolsets: ['vault'] as const },
      (t: { toolset: string }) => t.toolset === 'vault',
    ],
  ] as const)('%s', (_name, selection, keep) => {
    const selected = selectTools(selection);
    expect(selected.map((t) => t.name)).toEqual(toolDefinitions.filter(keep as never).map((t) => t.name));
    expect(selected.length).toBeGreaterThan(0);
    expect(selected.length).toBeLessThan(toolDefinitions.length);
  });

  it('groups every tool in one of the documented toolsets', () => {
    const union = TOOLSETS.flatMap((toolset) => selectTools({ toolsets: [toolset] }).map((t) => t.name));
    expect([...union].sort()).toEqual(toolDefinitions.map((t) => t.name).sort());
  });

  it('combines read-only and toolsets', () => {
    expect(selectTools({ readOnly: true, toolsets: ['spaces'] }).map((t) => t.name)).toEqual([
      'list_spaces',
      'get_space',
    ]);
  });
});
