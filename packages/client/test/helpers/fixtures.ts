// Response bodies shaped like the document's examples, for loopback servers.
import type { Run, Tracker, VaultUploadResponse } from '../../src/index.ts';

export const TOKEN = 'qapi_test_token';

export function trackerBody(overrides: Partial<Tracker> = {}): Tracker {
  return {
    tracker_id: 'trk_1',
    space_id: 'spc_1',
    name: 'ACME supplier risk',
    description: 'Watches ACME.',
    run_mode: 'manual',
    schedule: null,
    vault_ttl_days: null,
    agent_config: {
      instruction: 'Weigh delays.',
      score_meaning: '10 = no risk',
      skills: [],
      reasoning_mode: 'basic',
      linked_trackers: [],
    },
    notification_config: null,
    category: 'operations',
    last_run_at: null,
    created_at: '2026-11-21T08:00:00Z',
    updated_at: '2026-11-21T08:00:00Z',
    ...overrides,
    // The document's Tracker carries "if run_mode is manual then schedule is null" (an anyOf).
  } as Tracker;
}

export function runBody(status: Run['status'], overrides: Partial<Run> = {}): Run {
  const done = status === 'completed';
  return {
    run_id: 'run_1',
    tracker_id: 'trk_1',
    space_id: 'spc_1',
    status,
    started_at: status === 'pending' ? null : '2026-11-21T08:00:00Z',
    completed_at: done ? '2026-11-21T08:00:04Z' : null,
    quants_used: done ? 1 : 0,
    result: done ? { score: 7, signal: 'Positive', analysis: 'Fine.' } : null,
    config_snapshot: {
      agent_config: {
        instruction: 'x',
        score_meaning: 'y',
        skills: [],
        reasoning_mode: 'basic',
        linked_trackers: [],
      },
      trigger_type: 'manual',
      sync: false,
    },
    notification_delivery: { email: null, webhook: null },
    error_message: null,
    ...overrides,
  };
}

export function uploadResponse(
  rows: number,
  overrides: Partial<VaultUploadResponse> = {},
): VaultUploadResponse {
  return {
    source_id: 'src_1',
    name: 'deliveries',
    description: null,
    source_type: 'JSON',
    size_bytes: 10,
    data_count: rows,
    status: 'completed',
    uploaded_at: '2026-11-21T08:00:00Z',
    updated_at: '2026-11-21T08:00:00Z',
    rows_processed: rows,
    is_new_source: true,
    cost_quants: 0,
    metadata: null,
    ...overrides,
  };
}

/** A virtual clock that also records every sleep, to assert waits without waiting. */
export function recordingClock(start = 0) {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    async sleep(ms: number, signal?: AbortSignal) {
      signal?.throwIfAborted();
      sleeps.push(ms);
      now += Math.max(0, ms);
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
}
