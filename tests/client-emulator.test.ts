// The client against the real emulator: every resource group end to end over loopback HTTP.
// It lives here, not in packages/client, because the emulator depends on the client: a dependency
// back would make the two packages a cycle.
import {
  createTrackerClient,
  createVirtualClock,
  LIMITS,
  type TrackerClient,
  TrackerNotFoundError,
  TrackerValidationError,
} from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let emulator: RunningEmulator;
let client: TrackerClient;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock: 'manual' });
  // Polling sleeps on a virtual clock; requests still cross the real socket.
  client = createTrackerClient({
    baseUrl: emulator.baseUrl,
    token: emulator.token,
    clock: createVirtualClock(),
  });
});
afterAll(() => emulator?.close());

describe('client against the emulator', () => {
  it('creates a tracker, uploads rows, runs it and cleans up', async () => {
    const spaces = await client.spaces.list();
    expect(spaces.data.map((s) => s.space_id)).toContain(emulator.spaceId);

    const tracker = await client.trackers.create(emulator.spaceId, {
      name: 'ACME supplier risk',
      description: 'Watches ACME for supply-chain risk.',
      run_mode: 'manual',
      agent_config: {
        instruction: 'Weigh delays and filings.',
        score_meaning: '10 = no risk',
        skills: ['web_research'],
      },
      notification_config: { webhook_enabled: false, notify_below: true, lower_threshold: 3 },
    });
    expect(tracker.agent_config.linked_trackers).toEqual([]);
    expect((await client.trackers.get(tracker.tracker_id)).name).toBe('ACME supplier risk');

    const rows = Array.from({ length: LIMITS.uploadRowsMax + 500 }, (_, i) => ({
      sku: `A-${i}`,
      late_days: i % 9,
    }));
    const upload = await client.vault.uploadRows(tracker.tracker_id, { source_name: 'deliveries', rows });
    expect(upload).toMatchObject({ batches: 2, rows_processed: rows.length });
    const sources = [];
    for await (const source of client.vault.listAllSources(tracker.tracker_id)) sources.push(source);
    expect(sources.map((s) => [s.source_id, s.data_count])).toEqual([[upload.source_id, rows.length]]);

    const csv = await client.vault.uploadFile(tracker.tracker_id, {
      file: Buffer.from('sku,late_days\nA-1,4\n'),
      filename: 'late.csv',
      source_name: 'late-deliveries',
    });
    expect(csv).toMatchObject({ name: 'late-deliveries', source_type: 'CSV', is_new_source: true });
    await client.vault.deleteSource(tracker.tracker_id, csv.source_id);

    const recent = await client.vault.recent(tracker.tracker_id, { limit: 5, content_types: 'json' });
    expect(recent.results).toHaveLength(5);
    expect(recent.results.every((r) => r.source_id === upload.source_id)).toBe(true);

    const run = await client.runs.triggerAndWait(tracker.tracker_id, { context: { emulator: { score: 2 } } });
    expect(run.status).toBe('completed');
    expect(run.result).toMatchObject({ score: 2, signal: 'Negative' });

    const negative = await client.runs.list(tracker.tracker_id, { signal: 'Negative' });
    expect(negative.data.map((r) => r.run_id)).toEqual([run.run_id]);
    expect((await client.runs.list(tracker.tracker_id, { signal: 'Excellent' })).data).toEqual([]);

    expect((await client.vault.deleteSource(tracker.tracker_id, upload.source_id)).success).toBe(true);
    expect((await client.trackers.delete(tracker.tracker_id)).success).toBe(true);
    await expect(client.trackers.get(tracker.tracker_id)).rejects.toBeInstanceOf(TrackerNotFoundError);
  });

  it('refuses a sync run of a zen tracker before sending it', async () => {
    const tracker = await client.trackers.create(emulator.spaceId, {
      name: 'Zen tracker',
      description: 'Deep analysis.',
      run_mode: 'manual',
      agent_config: { instruction: 'Think.', score_meaning: '10 = good', skills: [], reasoning_mode: 'zen' },
    });
    const error = await client.runs.trigger(tracker.tracker_id, { sync: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrackerValidationError);
    expect((await client.runs.list(tracker.tracker_id)).data).toEqual([]);
    await client.trackers.delete(tracker.tracker_id);
  });
});
