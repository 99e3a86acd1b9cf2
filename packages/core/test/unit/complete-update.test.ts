import { describe, expect, it } from 'vitest';
import { completeTrackerUpdate, updateNeedsStored } from '../../src/rules/complete-update.ts';

const stored = {
  agent_config: { instruction: 'Assess.', score_meaning: '10 is good.', skills: ['web'] },
  notification_config: { webhook_enabled: true, lower_threshold: 3, notify_below: true },
} as unknown as Parameters<typeof completeTrackerUpdate>[0];

describe('completeTrackerUpdate: nested objects sent complete', () => {
  const cases: Array<[string, { given: Record<string, unknown>; want: Record<string, unknown> }]> = [
    ['top-level fields pass as they are', { given: { name: 'New' }, want: { name: 'New' } }],
    [
      'an upper bound keeps the webhook and the lower bound',
      {
        given: { notification_config: { upper_threshold: 8, notify_above: true } },
        want: {
          notification_config: {
            webhook_enabled: true,
            lower_threshold: 3,
            notify_below: true,
            upper_threshold: 8,
            notify_above: true,
          },
        },
      },
    ],
    [
      'skills alone keep the instruction and score meaning',
      {
        given: { agent_config: { skills: [] } },
        want: { agent_config: { instruction: 'Assess.', score_meaning: '10 is good.', skills: [] } },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(completeTrackerUpdate(stored, given)).toEqual(want);
    expect(updateNeedsStored(given)).toBe('agent_config' in given || 'notification_config' in given);
  });
});
