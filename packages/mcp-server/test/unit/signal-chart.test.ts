import { alertCondition, V03_NOTIFICATION_FIELDS } from '@trackerkit/core';
import { describe, expect, it } from 'vitest';
import { SIGNAL_CHART_HTML } from '../../src/apps/signal-chart-view.ts';

// The chart draws the bounds with the core's own alertCondition, its source put into the page:
// that source must run with no outside name, and give the core's answers.
const inPage = new Function(`return (${alertCondition.toString()})`)() as typeof alertCondition;

describe('the signal chart reads alert bounds with the core rule', () => {
  it('carries that function in the page', () => {
    expect(SIGNAL_CHART_HTML).toContain(alertCondition.toString());
  });

  it.each([
    ['both bounds', { notify_below: true, lower_threshold: 3, notify_above: true, upper_threshold: 8 }],
    ['lower only', { notify_below: true, lower_threshold: 3, upper_threshold: 8 }],
    ['legacy threshold below', { score_threshold: 4, threshold_direction: 'below' as const }],
    ['legacy threshold above', { score_threshold: 7, threshold_direction: 'above' as const }],
    // v0.3 fields present with both directions off: no bound, even with a legacy threshold.
    [
      'v0.3 fields off beside a legacy threshold',
      { notify_below: false, lower_threshold: 3, score_threshold: 4, threshold_direction: 'below' as const },
    ],
    ['signal level only', { signal_level: 'Negative' as const }],
  ])('%s', (_name, config) => {
    expect(inPage(config, V03_NOTIFICATION_FIELDS)).toEqual(alertCondition(config));
  });
});
