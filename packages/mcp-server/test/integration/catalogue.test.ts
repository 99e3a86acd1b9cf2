// What a client sees: tools per configuration, resources and prompts.
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOTATION_DEFAULTS, RESOURCE_NOT_FOUND, selectTools, toolDefinitions } from '../../src/index.ts';
import { call, connectInMemory, startTestEmulator, structured, trackerArgs } from './harness.ts';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(async () => {
  await emulator?.close();
});

async function listedTools(options: Parameters<typeof connectInMemory>[1]) {
  const mcp = await connectInMemory(emulator, options);
  try {
    return (await mcp.client.listTools()).tools;
  } finally {
    await mcp.close();
  }
}

describe('tools/list', () => {
  it('lists all 19 tools with their annotations and output schemas', async () => {
    const tools = await listedTools({});
    expect(tools).toHaveLength(19);
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      // Hints equal to the protocol's defaults are left out; read with them, every hint is the tool's.
      const hints = { ...ANNOTATION_DEFAULTS, ...tool.annotations };
      const own = toolDefinitions.find((definition) => definition.name === tool.name)?.annotations;
      expect(hints.readOnlyHint, tool.name).toBe(own?.readOnlyHint);
      expect(hints.openWorldHint, tool.name).toBe(own?.openWorldHint);
      if (!hints.readOnlyHint) expect(hints, tool.name).toMatchObject(own ?? {});
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
  });

  it('--read-only lists only read-only tools, and the others cannot be called', async () => {
    const tools = await listedTools({ readOnly: true });
    expect(tools.map((t) => t.name)).toEqual(selectTools({ readOnly: true }).map((t) => t.name));
    expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    const mcp = await connectInMemory(emulator, { readOnly: true });
    await expect(
      mcp.client.callTool({ name: 'delete_tracker', arguments: { tracker_id: 'x' } }),
    ).rejects.toThrow(/Tool \S+ not found/);
    await mcp.close();
  });

  it('--toolsets limits the groups', async () => {
    const tools = await listedTools({ toolsets: ['spaces', 'runs'] });
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'list_spaces',
        'get_space',
        'run_tracker',
        'get_run',
        'list_runs',
        'delete_run',
        'estimate_run_cost',
      ].sort(),
    );
  });
});

describe('resources and prompts', () => {
  // One scenario on one connection, read top to bottom: the resources it reads are the ones it made.
  it('reads a tracker and a run by URI and lists trackers as resources', async () => {
    const mcp = await connectInMemory(emulator);
    try {
      const tracker = structured<{ tracker_id: string }>(
        await call(mcp.client, 'create_tracker', trackerArgs(emulator.spaceId, 'Resource tracker')),
      );
      const run = structured<{ run_id: string }>(
        await call(mcp.client, 'run_tracker', {
          tracker_id: tracker.tracker_id,
          context: { emulator: { score: 5 } },
        }),
      );
      const templates = (await mcp.client.listResourceTemplates()).resourceTemplates.map(
        (t) => t.uriTemplate,
      );
      expect(templates).toEqual(['tracker://{tracker_id}', 'tracker://{tracker_id}/runs/{run_id}']);
      const listed = (await mcp.client.listResources()).resources.map((r) => r.uri);
      expect(listed).toContain(`tracker://${tracker.tracker_id}`);

      const read = await mcp.client.readResource({ uri: `tracker://${tracker.tracker_id}` });
      const content = read.contents[0] as { text: string; mimeType: string };
      expect(content.mimeType).toBe('application/json');
      expect(JSON.parse(content.text)).toMatchObject({
        tracker_id: tracker.tracker_id,
        name: 'Resource tracker',
      });
      const runRead = await mcp.client.readResource({
        uri: `tracker://${tracker.tracker_id}/runs/${run.run_id}`,
      });
      expect(JSON.parse((runRead.contents[0] as { text: string }).text)).toMatchObject({
        result: { score: 5 },
      });
      // The 2026-07-28 specification's resource-not-found error: -32602 with data exactly { uri }.
      const missing = await mcp.client
        .readResource({ uri: 'tracker://trk_missing' })
        .catch((e: unknown) => e);
      expect(missing).toMatchObject({ code: -32602 });
      expect((missing as { data: object }).data).toEqual({ uri: 'tracker://trk_missing' });
      expect(RESOURCE_NOT_FOUND).toBe(-32602);
      expect(String(missing)).toMatch(/Tracker not found/);

      // Completions of the ids a user types: prompt arguments and resource template variables.
      const complete = async (ref: object, name: string, value: string, args?: Record<string, string>) =>
        (
          await mcp.client.complete({
            ref: ref as never,
            argument: { name, value },
            ...(args ? { context: { arguments: args } } : {}),
          })
        ).completion.values;
      const prefix = tracker.tracker_id.slice(0, 4);
      expect(
        await complete({ type: 'ref/prompt', name: 'summarize_signals' }, 'tracker_id', prefix),
      ).toContain(tracker.tracker_id);
      expect(await complete({ type: 'ref/prompt', name: 'summarize_signals' }, 'tracker_id', 'zz')).toEqual(
        [],
      );
      expect(await complete({ type: 'ref/prompt', name: 'design_tracker' }, 'space_id', '')).toContain(
        emulator.spaceId,
      );
      expect(
        await complete({ type: 'ref/resource', uri: 'tracker://{tracker_id}' }, 'tracker_id', ''),
      ).toContain(tracker.tracker_id);
      expect(
        await complete({ type: 'ref/resource', uri: 'tracker://{tracker_id}/runs/{run_id}' }, 'run_id', '', {
          tracker_id: tracker.tracker_id,
        }),
      ).toEqual([run.run_id]);

      const prompts = (await mcp.client.listPrompts()).prompts.map((p) => p.name);
      expect(prompts).toEqual(['design_tracker', 'summarize_signals']);
      const design = await mcp.client.getPrompt({
        name: 'design_tracker',
        arguments: { goal: 'Watch ACME' },
      });
      const designText = (design.messages[0]?.content as { text?: string } | undefined)?.text ?? '';
      expect(designText).toMatch(/Watch ACME/);
      expect(designText).toMatch(/instruction.*HOW/);
      expect(designText).toMatch(/score_meaning.*WHAT/);
      expect(designText).toMatch(/lower_threshold/);
      // The prompt must not have the model quote assumed prices as fact.
      expect(designText).toMatch(/estimate from assumed prices.*not the service's price/);
      expect(designText).not.toMatch(/tell me the cost/);
      const summary = await mcp.client.getPrompt({
        name: 'summarize_signals',
        arguments: { tracker_id: tracker.tracker_id },
      });
      const summaryText = (summary.messages[0]?.content as { text?: string } | undefined)?.text ?? '';
      expect(summaryText).toContain(run.run_id);
      expect(summaryText).toMatch(/"score":5,"signal":"Neutral"/);
    } finally {
      await mcp.close();
    }
  });
});
