// The emulator's faults on demand, met through the MCP server: what the model is told, and that
// the client underneath retries what is safe to retry and never re-sends a run trigger.
import { createTrackerClient } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectInMemory, structured, textOf, trackerArgs } from './harness.ts';

let emulator: RunningEmulator;
let mcp: Awaited<ReturnType<typeof connectInMemory>>;
let trackerId: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, log: () => {} });
  mcp = await connectInMemory(emulator);
  const spaceId = emulator.spaceId;
  trackerId = structured<{ tracker_id: string }>(
    await call(mcp.client, 'create_tracker', trackerArgs(spaceId)),
  ).tracker_id;
});

afterAll(async () => {
  await mcp.close();
  await emulator.close();
});

describe('emulator faults through the MCP server', () => {
  it('a 503 with Retry-After once: the client waits and retries, the tool succeeds', async () => {
    emulator.faults.add({
      operation_id: 'getTracker',
      kind: 'status',
      status: 503,
      retry_after: 1,
      times: 1,
    });
    const result = await call(mcp.client, 'get_tracker', { tracker_id: trackerId });
    expect(result.isError).toBeFalsy();
    expect(emulator.faults.list()).toEqual([]);
  });

  it('a 503 that outlasts the retries: a clear error naming the status and what to do', async () => {
    emulator.faults.add({ operation_id: 'getTracker', kind: 'status', status: 503, times: 10 });
    const result = await call(mcp.client, 'get_tracker', { tracker_id: trackerId });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/get_tracker failed with 503: .*The service failed; retry in a minute/);
    emulator.faults.clear();
  });

  it('a 429 with Retry-After: honoured, then the call goes through', async () => {
    emulator.faults.add({
      operation_id: 'listTrackers',
      kind: 'status',
      status: 429,
      retry_after: 1,
      times: 1,
    });
    const result = await call(mcp.client, 'list_trackers', { space_id: emulator.spaceId });
    expect(result.isError).toBeFalsy();
  });

  it('a connection reset after a run trigger: not re-sent, and the model is told to check before repeating', async () => {
    const direct = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
    const runs = async () => (await direct.runs.list(trackerId)).data.length;
    const before = await runs();
    emulator.faults.add({ operation_id: 'triggerRun', kind: 'reset', times: 1 });
    const result = await call(mcp.client, 'run_tracker', { tracker_id: trackerId, wait: false });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/connection broke.*Before repeating a create, run or upload, check/);
    // The run the reset hid was made once: the POST was not sent again.
    expect(await runs()).toBe(before + 1);
  });
});
