// Faults on demand, seen through the real client: its retries, Retry-After and the POST it must not resend.
import {
  createTrackerClient,
  createVirtualClock,
  TrackerNetworkError,
  TrackerServerError,
  TrackerTimeoutError,
} from '@trackerkit/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
});

/** The real client on a virtual clock that records every backoff it sleeps. */
function client(options: { retries?: number; timeoutMs?: number } = {}) {
  const clock = createVirtualClock(Date.now());
  const sleeps: number[] = [];
  const recording = {
    now: clock.now,
    sleep: (ms: number, signal?: AbortSignal) => {
      sleeps.push(ms);
      return clock.sleep(ms, signal);
    },
    advance: clock.advance,
  };
  const tracker = createTrackerClient({
    baseUrl: h.emu.baseUrl,
    token: h.emu.token,
    clock: recording,
    random: () => 0.5,
    ...options,
  });
  return { tracker, sleeps };
}

const runCount = async (trackerId: string) =>
  (await h.api('GET', `/api/trackers/${trackerId}/runs`)).body.pagination.total_items;

describe('status faults', () => {
  it('a 503 with Retry-After on getRun: the client waits that long and gets the run', async () => {
    const t = await h.tracker();
    const { tracker, sleeps } = client();
    const accepted = await tracker.runs.trigger(t.tracker_id);
    await h.emu.idle();
    h.emu.faults.add({ operation_id: 'getRun', kind: 'status', status: 503, retry_after: 7, times: 2 });
    const run = await tracker.runs.get(t.tracker_id, accepted.run_id);
    expect(run.status).toBe('completed');
    expect(sleeps.filter((ms) => ms >= 7000)).toHaveLength(2);
    expect(h.emu.faults.list()).toEqual([]); // used up after 2
  });

  it('answers the status instead of running the operation, only for the tracker named', async () => {
    const a = await h.tracker({ name: 'a' });
    const b = await h.tracker({ name: 'b' });
    const rule = h.emu.faults.add({
      operation_id: 'triggerRun',
      tracker_id: a.tracker_id,
      kind: 'status',
      status: 500,
    });
    const { tracker } = client({ retries: 2 });
    await expect(tracker.runs.trigger(a.tracker_id)).rejects.toBeInstanceOf(TrackerServerError);
    expect(await runCount(a.tracker_id)).toBe(0);
    await tracker.runs.trigger(b.tracker_id);
    expect(await runCount(b.tracker_id)).toBe(1);
    expect(h.emu.faults.list()).toEqual([expect.objectContaining({ fault_id: rule.fault_id, hits: 1 })]);
  });

  it('a 429 fault with Retry-After is honoured, then the request succeeds', async () => {
    const t = await h.tracker();
    h.emu.faults.add({ operation_id: 'getTracker', kind: 'status', status: 429, retry_after: 3, times: 1 });
    const { tracker, sleeps } = client();
    expect((await tracker.trackers.get(t.tracker_id)).tracker_id).toBe(t.tracker_id);
    expect(sleeps).toEqual([3000]);
  });
});

describe('connection faults', () => {
  it('reset after a run trigger: the run exists once and the client does not resend the POST', async () => {
    const t = await h.tracker();
    h.emu.faults.add({ operation_id: 'triggerRun', kind: 'reset', times: 1 });
    const { tracker } = client();
    await expect(tracker.runs.trigger(t.tracker_id)).rejects.toBeInstanceOf(TrackerNetworkError);
    await h.emu.idle();
    expect(await runCount(t.tracker_id)).toBe(1);
  });

  it.each(['reset', 'truncate'] as const)('%s on a read: the client retries and gets it', async (kind) => {
    const t = await h.tracker();
    h.emu.faults.add({ operation_id: 'getTracker', kind, times: 1 });
    const { tracker, sleeps } = client();
    expect((await tracker.trackers.get(t.tracker_id)).name).toBe(t.name);
    expect(sleeps).toHaveLength(1);
  });

  it('latency past the client timeout is a timeout', async () => {
    const t = await h.tracker();
    h.emu.faults.add({ operation_id: 'getTracker', kind: 'latency', latency_ms: 400, times: 1 });
    const { tracker } = client({ retries: 0, timeoutMs: 50 });
    await expect(tracker.trackers.get(t.tracker_id)).rejects.toBeInstanceOf(TrackerTimeoutError);
  });
});

describe('the X-Emulator-Fault header and the console API', () => {
  it.each([
    ['status=503; retry-after=2', 503, '2'],
    ['status=418', 418, null],
  ])('answers a one-off %s', async (header, status, retryAfter) => {
    const response = await fetch(`${h.emu.baseUrl}/api/spaces`, {
      headers: { authorization: `Bearer ${h.emu.token}`, 'x-emulator-fault': header },
    });
    expect(response.status).toBe(status);
    expect(response.headers.get('retry-after')).toBe(retryAfter);
    expect((await h.api('GET', '/api/spaces')).status).toBe(200);
  });

  it('refuses a malformed header with 400 naming it', async () => {
    const response = await fetch(`${h.emu.baseUrl}/api/spaces`, {
      headers: { authorization: `Bearer ${h.emu.token}`, 'x-emulator-fault': 'status=200' },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).detail).toMatch(/^X-Emulator-Fault: status must be 400-599/);
  });

  it('adds, lists, fires N times, deletes and clears rules', async () => {
    const added = await h.console('POST', '/faults', {
      operation_id: 'listSpaces',
      kind: 'status',
      status: 502,
      times: 2,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ fault_id: expect.stringMatching(/^flt_/), hits: 0, times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await h.api('GET', '/api/spaces')).status);
    expect(statuses).toEqual([502, 502, 200]);
    const other = await h.console('POST', '/faults', { operation_id: '*', kind: 'latency', latency_ms: 1 });
    expect((await h.console('GET', '/faults')).body.data).toHaveLength(1);
    expect((await h.console('DELETE', `/faults/${other.body.fault_id}`)).status).toBe(200);
    expect((await h.console('DELETE', `/faults/${other.body.fault_id}`)).status).toBe(404);
    await h.console('POST', '/faults', { operation_id: 'getSpace', kind: 'reset' });
    expect((await h.console('DELETE', '/faults')).body).toEqual({ cleared: 1 });
  });

  it.each([
    [{ operation_id: 'getSpaces', kind: 'status' }, 'operation_id'],
    [{ operation_id: 'getSpace', kind: 'explode' }, 'kind'],
    [{ operation_id: 'getSpace', kind: 'status', status: 200 }, 'status'],
    [{ operation_id: 'getSpace', kind: 'latency' }, 'latency_ms'],
    [{ operation_id: 'getSpace', kind: 'reset', probability: 0 }, 'probability'],
    [{ operation_id: 'getSpace', kind: 'reset', times: 0 }, 'times'],
    [{ operation_id: 'getSpace', kind: 'reset', retry_after: 1 }, 'retry_after'],
    [{ operation_id: 'getSpace', kind: 'reset', chaos: true }, 'chaos'],
  ])('refuses a rule %j with 422 at its field', async (rule, field) => {
    const answer = await h.console('POST', '/faults', rule);
    expect(answer.status).toBe(422);
    expect(answer.body.detail.map((i: { loc: string[] }) => i.loc[1])).toContain(field);
  });
});
