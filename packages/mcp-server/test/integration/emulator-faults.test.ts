// The emulator's faults on demand, met through the MCP server: what the model is told, and that
// the client underneath retries what is safe to retry and never re-sends a run trigger. What went
// over the wire is read from the emulator's request journal: each request and the status it got.
import { CLIENT_DEFAULTS } from '@trackerkit/client';
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

/** The statuses the emulator answered `operation_id` with, for requests after entry `since`, in order. */
const answered = (operation_id: string, since: number) =>
  emulator.requests.list({ operation_id, since }).map((entry) => entry.status);
/** The journal's last entry number: what a test's own requests come after. */
const lastSeq = () => emulator.requests.list().at(-1)?.seq ?? 0;

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
    const since = lastSeq();
    const result = await call(mcp.client, 'get_tracker', { tracker_id: trackerId });
    expect(result.isError).toBeFalsy();
    expect(emulator.faults.list()).toEqual([]);
    // One retry, no more: the 503, then the answer.
    expect(answered('getTracker', since)).toEqual([503, 200]);
  });

  it('a 503 that outlasts the retries: a clear error naming the status and what to do', async () => {
    emulator.faults.add({ operation_id: 'getTracker', kind: 'status', status: 503, times: 10 });
    const since = lastSeq();
    const result = await call(mcp.client, 'get_tracker', { tracker_id: trackerId });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/get_tracker failed with 503: .*The service failed; retry in a minute/);
    // The client's default retries, then the error: every request answered 503.
    expect(answered('getTracker', since)).toEqual(Array(CLIENT_DEFAULTS.retries + 1).fill(503));
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
    const since = lastSeq();
    const result = await call(mcp.client, 'list_trackers', { space_id: emulator.spaceId });
    expect(result.isError).toBeFalsy();
    emulator.requests.verify(
      { operation_id: 'listTrackers', space_id: emulator.spaceId, since },
      { count: 2 },
    );
    expect(answered('listTrackers', since)).toEqual([429, 200]);
  });

  it('a connection reset after a run trigger: not re-sent, and the model is told to check before repeating', async () => {
    const since = lastSeq();
    const reset = emulator.faults.add({ operation_id: 'triggerRun', kind: 'reset', times: 1 });
    const result = await call(mcp.client, 'run_tracker', { tracker_id: trackerId, wait: false });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/connection broke.*Before repeating a create, run or upload, check/);
    // The POST reached the service once and was not sent again (the reset came after the run was
    // made: the journal has it with the status the emulator answered before cutting the connection).
    const triggers = emulator.requests.verify(
      { operation_id: 'triggerRun', tracker_id: trackerId, since },
      { count: 1 },
    );
    expect(triggers.map(({ status, fault }) => ({ status, fault }))).toEqual([
      { status: 202, fault: reset.fault_id },
    ]);
  });
});
