// Issue 24, item 7, end to end: `client.runs.delete(trackerId, '..')` against the real emulator.
// `encodeURIComponent` leaves dots alone and fetch resolves a `..` segment, so without the id rule
// the call was a DELETE of the tracker ("Deleted", runs and vault gone). The client must refuse it
// by name and rule before anything is sent, and the tracker must be untouched.
import {
  createTrackerClient,
  createVirtualClock,
  type TrackerClient,
  TrackerValidationError,
} from '@trackerkit/client';
import { VALIDATION_RULES } from '@trackerkit/core';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let emulator: RunningEmulator;
let client: TrackerClient;
const sent: string[] = [];
let ids: { tracker: string; run: string; source: string };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock: 'manual' });
  client = createTrackerClient({
    baseUrl: emulator.baseUrl,
    token: emulator.token,
    clock: createVirtualClock(),
    retries: 0,
    fetch: (input, init) => {
      sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return fetch(input, init);
    },
  });
  const tracker = await client.trackers.create(emulator.spaceId, {
    name: 'Kept',
    description: 'Must survive every call below.',
    run_mode: 'manual',
    agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
  });
  const run = await client.runs.trigger(tracker.tracker_id, { sync: true });
  const source = await client.vault.upload(tracker.tracker_id, { source_name: 's', data: { x: 1 } });
  ids = { tracker: tracker.tracker_id, run: run.run_id, source: source.source_id };
});
afterAll(() => emulator?.close());

const calls: [string, string, (id: string) => Promise<unknown>][] = [
  ['runs.delete', 'run_id', (id) => client.runs.delete(ids.tracker, id)],
  ['runs.get', 'run_id', (id) => client.runs.get(ids.tracker, id)],
  ['vault.deleteSource', 'source_id', (id) => client.vault.deleteSource(ids.tracker, id)],
  [
    'vault.updateSource',
    'source_id',
    (id) => client.vault.updateSource(ids.tracker, id, { description: 'x' }),
  ],
  ['trackers.delete', 'tracker_id', (id) => client.trackers.delete(id)],
  ['spaces.get', 'space_id', (id) => client.spaces.get(id)],
];
const BAD = ['..', '.', '../..', 'a/b', '..\\', '%2E%2E', 'run?x', 'run#x', ' run', 'run\u0000'];

describe('the client against the emulator: ids that walk the path', () => {
  it.each(
    calls.flatMap(([name, field, call]) => BAD.map((id) => [name, JSON.stringify(id), field, call, id])),
  )('%s(%s) is refused before sending', async (_name, _shown, field, call, id) => {
    const before = sent.length;
    const error = await (call as (id: string) => Promise<unknown>)(id as string).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrackerValidationError);
    expect(error).toMatchObject({ field, rule: VALIDATION_RULES.resourceId });
    expect((error as Error).message).toMatch(new RegExp(`^@trackerkit/client: invalid ${field}: `));
    expect(sent.length).toBe(before);
  });

  it('leaves the tracker, its run and its vault in place', async () => {
    expect((await client.trackers.get(ids.tracker)).tracker_id).toBe(ids.tracker);
    expect((await client.runs.get(ids.tracker, ids.run)).run_id).toBe(ids.run);
    expect((await client.vault.getSource(ids.tracker, ids.source)).source_id).toBe(ids.source);
  });
});
