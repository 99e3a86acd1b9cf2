// What a client sees: tools per configuration, resources and prompts.
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectTools } from '../../src/index.ts';
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
      expect(Object.keys(tool.annotations ?? {}).sort(), tool.name).toEqual([
        'destructiveHint',
        'idempotentHint',
        'openWorldHint',
        'readOnlyHint',
      ]);
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
    ).rejects.toThrow(/Unknown tool/);
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
      await expect(mcp.client.readResource({ uri: 'tracker://trk_missing' })).rejects.toThrow(
        /Tracker not found/,
      );

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
