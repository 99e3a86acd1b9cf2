// Every id argument of every tool is the document's ResourceId: an id the service could never have
// issued (`..` would turn delete_run into a delete of the tracker once the path is normalised) is
// refused naming the argument and the core's id rule, and the client is never called.
import { VALIDATION_RULES } from '@trackerkit/core';
import { describe, expect, it } from 'vitest';
import type { TrackerClientLike } from '../../src/index.ts';
import { callTool, checkToolArguments, resolveToolOptions, toolDefinitions } from '../../src/index.ts';

const idArguments = toolDefinitions.flatMap((tool) => {
  const shape = (tool.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  return Object.keys(shape)
    .filter((key) => key.endsWith('_id'))
    .map((key) => [tool.name, key, tool] as const);
});

describe('MCP tools: id arguments', () => {
  it('covers the tools that take ids', () => {
    const names = new Set(idArguments.map(([name]) => name));
    for (const name of ['delete_run', 'get_run', 'delete_tracker', 'delete_vault_source', 'get_space'])
      expect(names).toContain(name);
  });

  it.each(
    idArguments.flatMap(([name, key, tool]) =>
      ['..', '.', 'a/b', '..\\', 'run\u0000'].map((v) => [name, key, JSON.stringify(v), tool, v] as const),
    ),
  )('%s refuses %s = %s', (_name, key, _shown, tool, value) => {
    const checked = checkToolArguments(tool, { [key]: value });
    expect(checked.ok).toBe(false);
    const problems = checked.ok ? [] : checked.problems;
    expect(problems).toContainEqual(
      expect.objectContaining({ field: key, rule: VALIDATION_RULES.resourceId }),
    );
  });

  it("delete_run with run_id '..' is an error naming the argument, and nothing is sent", async () => {
    const calls: string[] = [];
    const client = new Proxy(
      {},
      {
        get: (_t, group) =>
          new Proxy(
            {},
            {
              get: (_g, method) => async () => {
                calls.push(`${String(group)}.${String(method)}`);
                return { success: true, message: 'Deleted', data: null, errors: null };
              },
            },
          ),
      },
    ) as TrackerClientLike;
    const result = await callTool(
      toolDefinitions.find((t) => t.name === 'delete_run')!,
      { tracker_id: 'trk_1', run_id: '..' },
      { client, options: resolveToolOptions() },
    );
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toContain('run_id');
    expect(result.content[0]?.text).toContain(VALIDATION_RULES.resourceId);
    expect(calls).toEqual([]);
  });
});
