// The alert rule is core's; this table pins what the emulator's notifier relies on, including the
// `--signal-level-match` option it passes as `match`.
import { evaluateAlert } from '@trackerkit/core';
import { describe, expect, it } from 'vitest';
import { signalFor } from '../../src/domain/signal.ts';
import type { StoredNotificationConfig } from '../../src/store/records.ts';

const base: StoredNotificationConfig = { signal_level: 'Poor', email_enabled: false, webhook_enabled: true };
const result = (score: number) => ({ score, signal: signalFor(score), analysis: '' });

describe('evaluateAlert', () => {
  it.each([
    [
      'lower bound inclusive',
      { given: [{ notify_below: true, lower_threshold: 3 }, 3], want: ['bounds', 'lower', 3] },
    ],
    ['inside the lower bound', { given: [{ notify_below: true, lower_threshold: 3 }, 4], want: null }],
    [
      'upper bound inclusive',
      { given: [{ notify_above: true, upper_threshold: 8 }, 8], want: ['bounds', 'upper', 8] },
    ],
    [
      'both bounds, inside',
      {
        given: [{ notify_below: true, lower_threshold: 3, notify_above: true, upper_threshold: 8 }, 5],
        want: null,
      },
    ],
    [
      'bounds win over legacy',
      {
        given: [
          { notify_above: true, upper_threshold: 8, score_threshold: 2, threshold_direction: 'below' },
          1,
        ],
        want: null,
      },
    ],
    [
      'legacy below',
      {
        given: [{ score_threshold: 2, threshold_direction: 'below' }, 2],
        want: ['score_threshold', 'lower', 2],
      },
    ],
    [
      'legacy above',
      {
        given: [{ score_threshold: 7, threshold_direction: 'above' }, 9],
        want: ['score_threshold', 'upper', 7],
      },
    ],
    [
      'signal level at or below',
      { given: [{ signal_level: 'Negative' }, 1], want: ['signal_level', null, 'Negative'] },
    ],
    ['signal level above', { given: [{ signal_level: 'Negative' }, 4], want: null }],
    [
      'v0.3 fields with both directions off',
      { given: [{ notify_below: false, lower_threshold: 3 }, 0], want: null },
    ],
    [
      'a v0.3 field set to false still silences legacy',
      { given: [{ notify_below: false, score_threshold: 5, threshold_direction: 'below' }, 0], want: null },
    ],
    [
      'a null v0.3 threshold still silences signal_level',
      { given: [{ lower_threshold: null, signal_level: 'Any' }, 0], want: null },
    ],
    [
      'both bounds, below',
      {
        given: [{ notify_below: true, lower_threshold: 3, notify_above: true, upper_threshold: 8 }, 0],
        want: ['bounds', 'lower', 3],
      },
    ],
    [
      'both bounds, above',
      {
        given: [{ notify_below: true, lower_threshold: 3, notify_above: true, upper_threshold: 8 }, 10],
        want: ['bounds', 'upper', 8],
      },
    ],
    [
      'bounds crossing wins over signal_level Any',
      {
        given: [{ notify_below: true, lower_threshold: 3, signal_level: 'Any' }, 6],
        want: null,
      },
    ],
    [
      'legacy wins over signal_level',
      {
        given: [{ score_threshold: 2, threshold_direction: 'below', signal_level: 'Any' }, 5],
        want: null,
      },
    ],
    [
      'legacy above, below the threshold',
      { given: [{ score_threshold: 7, threshold_direction: 'above' }, 6], want: null },
    ],
    [
      'signal level equal is at or below',
      { given: [{ signal_level: 'Neutral' }, 5], want: ['signal_level', null, 'Neutral'] },
    ],
    ['signal level default Poor', { given: [{}, 2], want: null }],
  ] as const)('%s', (_, { given, want }) => {
    const [config, score] = given;
    const decision = evaluateAlert(
      { ...base, ...config } as StoredNotificationConfig,
      result(score),
      'at-or-below',
    );
    expect(decision && [decision.rule, decision.bound, decision.threshold]).toEqual(want);
  });

  it('matches the signal level exactly when asked', () => {
    expect(evaluateAlert({ ...base, signal_level: 'Negative' }, result(1), 'exact')).toBeNull();
    expect(evaluateAlert({ ...base, signal_level: 'Negative' }, result(2), 'exact')?.reason).toBe(
      'Signal Negative matches the alert level Negative.',
    );
  });
});
