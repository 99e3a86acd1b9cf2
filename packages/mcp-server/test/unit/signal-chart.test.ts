import { runInNewContext } from 'node:vm';
import { alertCondition, type NotificationConfig } from '@trackerkit/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIGNAL_CHART_HTML } from '../../src/apps/signal-chart-view.ts';
import { SIGNAL_CHART_RULE } from '../../src/generated/signal-chart-rule.ts';

// The chart draws the bounds with the core's alertCondition, bundled from its module into the page
// (scripts/bundle-chart-rule.ts; test/integration/signal-chart-rule.test.ts holds the bundle to the
// core's current source). Here the page's script runs in a fresh context, as the browser would run
// it (no Node, none of this process's globals), and must give the core's answers.
const inPage = runInNewContext(`${SIGNAL_CHART_RULE}; trackerkitChartRule.alertCondition`, {}) as (
  config: Partial<NotificationConfig>,
) => unknown;

/** Values as JSON puts them in a tracker's stored config, absent ones included. */
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(fc.option(arb, { nil: null }), { nil: undefined });
const configs = fc
  .record({
    notify_below: maybe(fc.boolean()),
    lower_threshold: maybe(fc.integer({ min: 0, max: 10 })),
    notify_above: maybe(fc.boolean()),
    upper_threshold: maybe(fc.integer({ min: 0, max: 10 })),
    score_threshold: maybe(fc.integer({ min: 0, max: 10 })),
    threshold_direction: maybe(fc.constantFrom('below' as const, 'above' as const)),
    signal_level: maybe(fc.constantFrom('Negative' as const, 'Neutral' as const, 'Any' as const)),
    email_enabled: maybe(fc.boolean()),
  })
  // Absent keys, not keys set to undefined: what a parsed JSON body has.
  .map((config) => Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined)));

describe('the signal chart reads alert bounds with the core rule', () => {
  it('carries the bundled rule in the page', () => {
    expect(SIGNAL_CHART_HTML).toContain(SIGNAL_CHART_RULE);
    expect(SIGNAL_CHART_HTML).not.toContain('toString');
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
    // toStrictEqual across contexts compares prototypes; the JSON form is what the page draws from.
    expect(JSON.stringify(inPage(config))).toBe(JSON.stringify(alertCondition(config)));
  });

  it('gives the core answer for any stored config', () => {
    fc.assert(
      fc.property(configs, (config) => {
        expect(JSON.stringify(inPage(config))).toBe(JSON.stringify(alertCondition(config)));
      }),
      { numRuns: 2000 },
    );
  });
});
