// run_tracker's waiting: progress while it waits, an early return when the run outlasts the wait.
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { call, connectInMemory, startTestEmulator, structured, textOf, trackerArgs } from './harness.ts';

let emulator: RunningEmulator;
let mcp: Awaited<ReturnType<typeof connectInMemory>>;
let trackerId: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  mcp = await connectInMemory(emulator, { progressIntervalMs: 100 });
  const created = await call(mcp.client, 'create_tracker', trackerArgs(emulator.spaceId));
  trackerId = structured<{ tracker_id: string }>(created).tracker_id;
});
afterAll(async () => {
  await mcp?.close();
  await emulator?.close();
});

interface RunOutput {
  run_id: string;
  status: string;
  done: boolean;
  score: number | null;
  signal: string | null;
  next: string | null;
}

describe('run_tracker', () => {
  it('sends progress notifications while it waits, then returns the signal', async () => {
    const progress: { progress: number; total?: number; message?: string }[] = [];
    const result = await mcp.client.callTool(
      {
        name: 'run_tracker',
        arguments: { tracker_id: trackerId, context: { emulator: { score: 7, delay_ms: 800 } } },
      },
      undefined,
      { onprogress: (p) => void progress.push(p), resetTimeoutOnProgress: true },
    );
    expect(structured<RunOutput>(result as never)).toMatchObject({
      done: true,
      score: 7,
      signal: 'Positive',
    });
    expect(progress.length).toBeGreaterThanOrEqual(3);
    const values = progress.map((p) => p.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
    expect(progress[0]?.message).toMatch(/^Run run_\S+ /);
  });

  it('returns the run id and points to get_run when the run outlasts the wait', async () => {
    const early = structured<RunOutput>(
      await call(mcp.client, 'run_tracker', {
        tracker_id: trackerId,
        wait_seconds: 1,
        context: { emulator: { score: 3, delay_ms: 3000 } },
      }),
    );
    expect(early).toMatchObject({ done: false, status: 'running', score: null });
    expect(early.next).toMatch(new RegExp(`get_run .*${early.run_id}`));
    let run = structured<{ status: string; score: number | null }>(
      await call(mcp.client, 'get_run', { tracker_id: trackerId, run_id: early.run_id }),
    );
    await waitUntil(
      async () => {
        run = structured(await call(mcp.client, 'get_run', { tracker_id: trackerId, run_id: early.run_id }));
        return run.status === 'completed';
      },
      { interval: 200, what: 'the run completed' },
    );
    expect(run.score).toBe(3);
  });

  it('with wait false returns at once with a pending run', async () => {
    const started = structured<RunOutput>(
      await call(mcp.client, 'run_tracker', { tracker_id: trackerId, wait: false }),
    );
    expect(started).toMatchObject({ done: false, status: 'pending' });
    expect(started.next).toMatch(/get_run/);
  });

  it('runs a zen tracker asynchronously and still waits for it', async () => {
    const zen = structured<{ tracker_id: string }>(
      await call(mcp.client, 'create_tracker', {
        ...trackerArgs(emulator.spaceId, 'Deep'),
        reasoning_mode: 'zen',
      }),
    );
    const result = structured<RunOutput>(
      await call(mcp.client, 'run_tracker', {
        tracker_id: zen.tracker_id,
        context: { emulator: { score: 0 } },
      }),
    );
    expect(result).toMatchObject({ done: true, status: 'completed', signal: 'Poor' });
  });

  it('a failed run is an isError result carrying the run error message, from run_tracker and get_run', async () => {
    const result = await call(mcp.client, 'run_tracker', {
      tracker_id: trackerId,
      context: { emulator: { fail: 'source offline' } },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Run \S+ failed: source offline/);
    const run = result.structuredContent as unknown as RunOutput & { error_message: string };
    expect(run).toMatchObject({ done: true, status: 'failed', error_message: 'source offline' });
    const got = await call(mcp.client, 'get_run', { tracker_id: trackerId, run_id: run.run_id });
    expect(got.isError).toBe(true);
    expect(textOf(got)).toMatch(/failed: source offline/);
  });

  it("list_runs fields ['analysis'] adds the analysis to the compact fields", async () => {
    await call(mcp.client, 'run_tracker', { tracker_id: trackerId, context: { emulator: { score: 6 } } });
    const listed = structured<{ items: Record<string, unknown>[] }>(
      await call(mcp.client, 'list_runs', {
        tracker_id: trackerId,
        status: 'completed',
        fields: ['analysis'],
      }),
    );
    expect(Object.keys(listed.items[0] ?? {}).sort()).toEqual(
      ['analysis', 'run_id', 'score', 'signal', 'started_at', 'status'].sort(),
    );
    expect(listed.items[0]?.analysis).toEqual(expect.any(String));
  });

  it('get_run verbose gives the API object; delete_run removes it', async () => {
    const { run_id } = structured<RunOutput>(
      await call(mcp.client, 'run_tracker', { tracker_id: trackerId }),
    );
    const full = structured(
      await call(mcp.client, 'get_run', { tracker_id: trackerId, run_id, verbose: true }),
    );
    expect(full).toHaveProperty('config_snapshot.trigger_type', 'manual');
    expect(structured(await call(mcp.client, 'delete_run', { tracker_id: trackerId, run_id }))).toMatchObject(
      {
        deleted: true,
      },
    );
    expect((await call(mcp.client, 'get_run', { tracker_id: trackerId, run_id })).isError).toBe(true);
  });

  it('estimate_run_cost multiplies the skill costs by the mode', async () => {
    const cost = structured(
      await call(mcp.client, 'estimate_run_cost', {
        skills: ['web_research', 'stock_research'],
        reasoning_mode: 'advanced',
      }),
    );
    expect(cost).toEqual({
      quants: 18,
      base_cost: 3,
      multiplier: 6,
      reasoning_mode: 'advanced',
      unknown_skills: [],
      assumed: true,
      price_source: expect.stringContaining('x-trackerkit-default-skill-costs'),
    });
  });

  it.each([
    [
      'the default costs',
      {},
      /assumed prices, not the service's: trackerkit's assumed default skill costs \(x-trackerkit-default-skill-costs/,
    ],
    [
      'operator costs',
      { skillCosts: { web_research: 3 } },
      /assumed prices, not the service's: skill costs configured by the operator/,
    ],
    [
      'a named source',
      { skillCosts: { web_research: 3 }, skillCostsSource: 'the 2026 price sheet' },
      /not the service's: the 2026 price sheet/,
    ],
  ])(
    'estimate_run_cost says its prices are assumptions and names where they come from: %s',
    async (_name, options, want) => {
      const configured = await connectInMemory(emulator, options);
      try {
        const result = await call(configured.client, 'estimate_run_cost', { skills: ['web_research'] });
        expect(textOf(result)).toMatch(/^Estimate: about/);
        expect(textOf(result)).toMatch(want);
      } finally {
        await configured.close();
      }
    },
  );
});
