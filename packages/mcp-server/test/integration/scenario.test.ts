// What an assistant does end to end, over an in-memory MCP connection to the real emulator.
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectInMemory, startTestEmulator, structured, textOf, trackerArgs } from './harness.ts';

let emulator: RunningEmulator;
let mcp: Awaited<ReturnType<typeof connectInMemory>>;

beforeAll(async () => {
  emulator = await startTestEmulator();
  mcp = await connectInMemory(emulator);
});
afterAll(async () => {
  await mcp?.close();
  await emulator?.close();
});

describe('assistant scenario', () => {
  it('creates a tracker, uploads 2,500 rows, runs with wait, lists runs by signal and deletes', async () => {
    const spaces = structured<{ items: { space_id: string }[] }>(await call(mcp.client, 'list_spaces'));
    expect(spaces.items.map((s) => s.space_id)).toContain(emulator.spaceId);

    const tracker = structured<{ tracker_id: string; agent_config: { skills: string[] } }>(
      await call(mcp.client, 'create_tracker', trackerArgs(emulator.spaceId)),
    );
    expect(tracker.agent_config.skills).toEqual(['web_research']);

    const rows = Array.from({ length: 2500 }, (_, i) => ({ sku: `A-${i}`, late_days: i % 9 }));
    const upload = structured<{ batches: number; rows_processed: number }>(
      await call(mcp.client, 'upload_vault_data', {
        tracker_id: tracker.tracker_id,
        source_name: 'deliveries',
        rows,
      }),
    );
    expect(upload).toMatchObject({ batches: 3, rows_processed: 2500 });
    const sources = structured<{ items: { name: string; data_count: number }[] }>(
      await call(mcp.client, 'list_vault_sources', { tracker_id: tracker.tracker_id }),
    );
    expect(sources.items).toEqual([expect.objectContaining({ name: 'deliveries', data_count: 2500 })]);

    const negative = structured<{ done: boolean; score: number; signal: string; run_id: string }>(
      await call(mcp.client, 'run_tracker', {
        tracker_id: tracker.tracker_id,
        context: { emulator: { score: 2 } },
      }),
    );
    expect(negative).toMatchObject({ done: true, score: 2, signal: 'Negative' });
    await call(mcp.client, 'run_tracker', {
      tracker_id: tracker.tracker_id,
      context: { emulator: { score: 9 } },
    });

    const byNegative = structured<{ items: { run_id: string; signal: string }[]; total_items: number }>(
      await call(mcp.client, 'list_runs', { tracker_id: tracker.tracker_id, signal: 'Negative' }),
    );
    expect(byNegative.total_items).toBe(1);
    expect(byNegative.items).toEqual([
      expect.objectContaining({ run_id: negative.run_id, signal: 'Negative' }),
    ]);
    const withAnalysis = structured<{ items: Record<string, unknown>[] }>(
      await call(mcp.client, 'list_runs', { tracker_id: tracker.tracker_id, fields: ['score', 'analysis'] }),
    );
    expect(Object.keys(withAnalysis.items[0] ?? {})).toEqual(['score', 'analysis']);

    const deleted = await call(mcp.client, 'delete_tracker', { tracker_id: tracker.tracker_id });
    expect(structured(deleted)).toMatchObject({ deleted: true });
    const gone = await call(mcp.client, 'get_tracker', { tracker_id: tracker.tracker_id });
    expect(gone.isError).toBe(true);
    expect(textOf(gone)).toMatch(/404.*list_trackers/s);
    expect(emulator.contractViolations()).toEqual([]);
  });
});
