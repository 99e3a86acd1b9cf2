import { DEFAULT_SKILL_COSTS, REASONING_MULTIPLIERS } from '@trackerkit/core';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { type Harness, type Loose, startHarness, waitRun } from './harness.ts';

let h: Harness;
afterEach(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
});

describe('runs', () => {
  it('runs async: 202 pending, then completed with a snapshot and cost', async () => {
    h = await startHarness();
    const t = await h.tracker({}, { skills: ['web_research', 'stock_research'], reasoning_mode: 'advanced' });
    const trigger = await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, {
      context: { emulator: { score: 7 } },
    });
    expect(trigger.status).toBe(202);
    expect(trigger.body).toMatchObject({ status: 'pending', tracker_id: t.tracker_id });
    const run = await waitRun(h, t.tracker_id, trigger.body.run_id);
    const expected =
      ((DEFAULT_SKILL_COSTS.web_research ?? 0) + (DEFAULT_SKILL_COSTS.stock_research ?? 0)) *
      REASONING_MULTIPLIERS.advanced;
    expect(run).toMatchObject({ status: 'completed', quants_used: expected, error_message: null });
    expect(run.result).toMatchObject({ score: 7, signal: 'Positive' });
    expect(run.config_snapshot).toMatchObject({ trigger_type: 'manual', sync: false });
    expect(run.config_snapshot.agent_config.skills).toEqual(['web_research', 'stock_research']);
    expect(run.notification_delivery).toEqual({ email: null, webhook: null });
    const tracker = await h.api('GET', `/api/trackers/${t.tracker_id}`);
    expect(tracker.body.last_run_at).toBe(run.completed_at);
  });

  it('holds a run in running for delay_ms and fails it with fail', async () => {
    h = await startHarness();
    const t = await h.tracker();
    const slow = await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, {
      context: { emulator: { delay_ms: 300 } },
    });
    const runPath = `/api/trackers/${t.tracker_id}/runs/${slow.body.run_id}`;
    const started = await waitUntil(
      async () => {
        const { status } = (await h.api('GET', runPath)).body;
        return status !== 'pending' && status;
      },
      { what: 'the run leaving pending' },
    );
    expect(started).toBe('running');
    expect((await waitRun(h, t.tracker_id, slow.body.run_id)).status).toBe('completed');
    const failed = await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, {
      sync: true,
      context: { emulator: { fail: 'upstream down' } },
    });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ status: 'failed', result: null, error_message: 'upstream down' });
    const bad = await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, {
      context: { emulator: { score: 11 } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'context', 'emulator', 'score']);
  });

  it('answers sync runs with execution time and refuses zen with sync', async () => {
    h = await startHarness({ skillCosts: { deep_dive: 3 } });
    const t = await h.tracker({}, { skills: ['deep_dive'], reasoning_mode: 'zen' });
    const zen = await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, { sync: true });
    expect(zen.status).toBe(400);
    const asyncZen = await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, {});
    const run = await waitRun(h, t.tracker_id, asyncZen.body.run_id);
    expect(run.quants_used).toBe(3 * REASONING_MULTIPLIERS.zen);
    const basic = await h.tracker({}, { skills: ['deep_dive'] });
    const sync = await h.api('POST', `/api/trackers/${basic.tracker_id}/runs`, { sync: true });
    expect(sync.status).toBe(200);
    expect(sync.body.execution_time_seconds).toBeGreaterThanOrEqual(0);
    expect(sync.body.result.score).toBe(5);
    const noBody = await fetch(`${h.emu.baseUrl}/api/trackers/${basic.tracker_id}/runs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.emu.token}` },
    });
    expect(noBody.status).toBe(202);
  });

  it('filters runs, newest first', async () => {
    h = await startHarness();
    const t = await h.tracker();
    const ids: string[] = [];
    for (const score of [1, 5, 9, 3]) {
      const r = await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, {
        sync: true,
        context: { emulator: { score } },
      });
      ids.push(r.body.run_id);
    }
    await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, {
      sync: true,
      context: { emulator: { fail: 'x' } },
    });
    const base = `/api/trackers/${t.tracker_id}/runs`;
    const scores = async (q: string) =>
      (await h.api('GET', `${base}?${q}`)).body.data.map((r: Loose) => r.result?.score ?? null);
    expect(await scores('status=completed')).toEqual([3, 9, 5, 1]);
    expect(await scores('status=failed')).toEqual([null]);
    expect(await scores('signal=Negative')).toEqual([3]);
    expect(await scores('min_score=3&max_score=5')).toEqual([3, 5]);
    expect(await scores('notification_status=skipped&page_size=2')).toHaveLength(2);
    expect(await scores('notification_status=success')).toEqual([]);
    expect(await scores('start_date=2000-01-01T00:00:00Z&end_date=2999-01-01T00:00:00Z')).toHaveLength(5);
    expect(await scores('end_date=2000-01-01T00:00:00Z')).toEqual([]);
    expect((await h.api('GET', `${base}?signal=Great`)).status).toBe(422);
    expect((await h.api('GET', `${base}?start_date=yesterday`)).status).toBe(422);
    const del = await h.api('DELETE', `${base}/${ids[0]}`);
    expect(del.body.success).toBe(true);
    expect((await h.api('GET', `${base}/${ids[0]}`)).status).toBe(404);
  });

  it('scores from vault data and linked trackers', async () => {
    h = await startHarness();
    const upstream = await h.tracker();
    await h.api('POST', `/api/trackers/${upstream.tracker_id}/runs`, {
      sync: true,
      context: { emulator: { score: 2 } },
    });
    const t = await h.tracker({}, { linked_trackers: [upstream.tracker_id] });
    await h.api('POST', `/api/trackers/${t.tracker_id}/vault/sources`, {
      source_name: 'log',
      data: [{ score: 8 }, { score: 10 }],
    });
    const run = await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, { sync: true });
    // own evidence 9 (weight 2) and linked 2 (weight 1): 20 / 3 = 6.67 → 7
    expect(run.body.result).toMatchObject({ score: 7, signal: 'Positive' });
    expect(run.body.result.analysis).toContain(upstream.tracker_id);
  });

  it('answers 402 when a configured balance does not cover the run', async () => {
    h = await startHarness({ quantsBalance: 1 });
    const t = await h.tracker({}, { skills: ['stock_research'] });
    const answer = await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, { sync: true });
    expect(answer.status).toBe(402);
    const cheap = await h.tracker({}, { skills: ['web_research'] });
    expect((await h.api('POST', `/api/trackers/${cheap.tracker_id}/runs`, { sync: true })).status).toBe(200);
    expect((await h.api('POST', `/api/trackers/${cheap.tracker_id}/runs`, { sync: true })).status).toBe(402);
  });
});
