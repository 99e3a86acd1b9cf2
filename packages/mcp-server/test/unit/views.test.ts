import type { Run } from '@trackerkit/client';
import { describe, expect, it } from 'vitest';
import { page, runView } from '../../src/rendering/views.ts';

const run = (id: string, score: number | null): Run => ({
  run_id: id,
  tracker_id: 'trk_1',
  space_id: 'spc_1',
  status: score === null ? 'running' : 'completed',
  started_at: '2026-11-21T08:00:00Z',
  completed_at: score === null ? null : '2026-11-21T08:00:04Z',
  quants_used: 6,
  result: score === null ? null : { score, signal: 'Negative', analysis: 'Late shipments.' },
  config_snapshot: {
    agent_config: {
      instruction: 'i',
      score_meaning: 's',
      skills: [],
      reasoning_mode: 'basic',
      linked_trackers: [],
    },
    trigger_type: 'manual',
    sync: false,
  },
  notification_delivery: { email: null, webhook: null },
  error_message: null,
});

const list = {
  data: [run('run_1', 2), run('run_2', null)],
  pagination: { page: 1, page_size: 2, total_items: 3, total_pages: 2 },
};

describe('list views', () => {
  it.each([
    [
      'compact by default',
      {
        args: {},
        want: {
          run_id: 'run_1',
          status: 'completed',
          score: 2,
          signal: 'Negative',
          started_at: '2026-11-21T08:00:00Z',
        },
      },
    ],
    [
      'fields add to the compact set, flattened from the result',
      {
        args: { fields: ['analysis'] },
        want: {
          run_id: 'run_1',
          status: 'completed',
          score: 2,
          signal: 'Negative',
          started_at: '2026-11-21T08:00:00Z',
          analysis: 'Late shipments.',
        },
      },
    ],
    ['verbose is the API object', { args: { verbose: true }, want: run('run_1', 2) }],
  ])('%s', (_name, { args, want }) => {
    const result = page(runView, list, args);
    expect(result.items[0]).toEqual(want);
    expect(result.next_page).toBe(2);
  });

  it('a run without a result shows null score and signal', () => {
    expect(page(runView, list, {}).items[1]).toMatchObject({ score: null, signal: null });
  });

  it('rejects an unknown field by name', () => {
    expect(() => page(runView, list, { fields: ['scor'] })).toThrow(/`fields`: unknown field "scor"/);
  });
});
