// The emulator's faults on demand, met by the node's own requests (n8n's httpRequest is the
// context's): a 429 or 503 with Retry-After is waited out and retried, a 503 that lasts is a clear
// error naming the status, and a run trigger whose connection broke is not sent again. What went over
// the wire is read from the emulator's request journal: each request and the status it got.
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import type { IExecuteFunctions } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_POLICY } from '../../nodes/shared/checks';
import { Tracker } from '../../nodes/Tracker/Tracker.node';
import { callApi, nodeContext, type Parameter } from './node-context';

let emulator: RunningEmulator;
let trackerId: string;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

async function execute(parameters: Record<string, Parameter>) {
  const { ctx } = nodeContext(emulator, parameters, {});
  const [out] = await new Tracker().execute.call(ctx as IExecuteFunctions);
  return out ?? [];
}

/** The journal's last entry number: what a test's own requests come after. */
const lastSeq = () => emulator.requests.list().at(-1)?.seq ?? 0;
/** The statuses the emulator answered `operation_id` with for the tracker after entry `since`, in order. */
const answered = (operation_id: string, since: number) =>
  emulator.requests.list({ operation_id, tracker_id: trackerId, since }).map((entry) => entry.status);

beforeAll(async () => {
  emulator = await startEmulator({ log: () => {} });
  trackerId = (
    await callApi<{ tracker_id: string }>(
      emulator,
      'POST',
      `${emulator.baseUrl}/api/spaces/${emulator.spaceId}/trackers`,
      {
        name: 'Faults',
        description: 'Met by the node',
        run_mode: 'manual',
        agent_config: { instruction: 'Assess.', score_meaning: '10 is good.', skills: [] },
      },
    )
  ).tracker_id;
});

afterAll(async () => {
  await emulator?.close();
});

describe('emulator faults through the node', () => {
  it.each([
    ['a 503 with Retry-After', 503],
    ['a 429 with Retry-After', 429],
  ])('%s once: waited out, retried, the item comes back', async (_name, status) => {
    emulator.faults.add({ operation_id: 'getTracker', kind: 'status', status, retry_after: 1, times: 1 });
    const since = lastSeq();
    const out = await execute({ resource: 'tracker', operation: 'get', trackerId: byId(trackerId) });
    expect(out[0]?.json).toMatchObject({ tracker_id: trackerId });
    expect(emulator.faults.list()).toEqual([]);
    // Retried once, no more.
    expect(answered('getTracker', since)).toEqual([status, 200]);
  });

  it('a 503 that lasts: an error naming the status', async () => {
    emulator.faults.add({ operation_id: 'getTracker', kind: 'status', status: 503, times: 10 });
    const since = lastSeq();
    await expect(
      execute({ resource: 'tracker', operation: 'get', trackerId: byId(trackerId) }),
    ).rejects.toThrow(/503|unavailable|Service/i);
    // The node's retries, then the error: every request answered 503.
    expect(answered('getTracker', since)).toEqual(Array(RETRY_POLICY.retries + 1).fill(503));
    emulator.faults.clear();
  });

  it('a connection reset after a run trigger: an error, and the run is not triggered twice', async () => {
    const since = lastSeq();
    const reset = emulator.faults.add({ operation_id: 'triggerRun', kind: 'reset', times: 1 });
    await expect(
      execute({
        resource: 'run',
        operation: 'trigger',
        trackerId: byId(trackerId),
        waitForCompletion: false,
      }),
    ).rejects.toThrow();
    // The POST reached the service once, made the run (202 before the connection was cut) and was
    // not sent again.
    const triggers = emulator.requests.verify(
      { operation_id: 'triggerRun', tracker_id: trackerId, since },
      { count: 1 },
    );
    expect(triggers.map(({ status, fault }) => ({ status, fault }))).toEqual([
      { status: 202, fault: reset.fault_id },
    ]);
  });
});
