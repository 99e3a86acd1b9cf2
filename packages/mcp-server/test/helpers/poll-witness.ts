// The clock of the subscription tests: a watch of a tracker of its own (the server's RunWatch),
// polling at the same interval as the server's watches. When it has polled n more times, n
// intervals have passed for every loop of that interval, so a loop that should have stopped would
// have polled by then, and an update that should come once would have come twice. No fixed sleep
// decides how long is long enough, on a loaded machine or an idle one.
import { createTrackerClient } from '@trackerkit/client';
import type { RunningEmulator } from '@trackerkit/emulator';
import { expect } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { RunWatch } from '../../src/subscriptions/run-watch.ts';

export interface PollWitness {
  /** Resolves once the witness has polled `n` more times. */
  intervals(n: number): Promise<void>;
  close(): void;
}

export async function startPollWitness(emulator: RunningEmulator, intervalMs: number): Promise<PollWitness> {
  const client = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  const { tracker_id: trackerId } = await client.trackers.create(emulator.spaceId, {
    name: 'Poll witness',
    description: 'Polled only to count intervals.',
    run_mode: 'manual',
    agent_config: { instruction: 'Weigh the vault data.', score_meaning: '10 = good', skills: [] },
  });
  const watch = new RunWatch({ client, intervalMs, onError: () => {} });
  await watch.watch(trackerId, () => {});
  const polls = () => emulator.requests.count({ operation_id: 'listRuns', tracker_id: trackerId });
  return {
    async intervals(n) {
      const from = polls();
      await waitUntil(() => polls() >= from + n, { what: `${n} polls of the witness` });
    },
    close: () => watch.close(),
  };
}

/**
 * One loop polls `count`'s tracker, however many streams follow it: `polls` more polls take at
 * least `polls - 1` intervals (a timer does not fire early); two loops would take half as long.
 */
export async function expectOneLoop(count: () => number, intervalMs: number, polls = 6): Promise<void> {
  const from = count();
  const started = performance.now();
  await waitUntil(() => count() >= from + polls, { what: `${polls} polls` });
  expect(performance.now() - started).toBeGreaterThanOrEqual((polls - 1) * intervalMs * 0.9);
}
