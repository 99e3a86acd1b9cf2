import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_RULES,
  type NotificationConfig,
  notificationProblems,
  openapiDocument,
  under,
} from '../../src/index.ts';

const R = NOTIFICATION_RULES;

describe('NOTIFICATION_RULES', () => {
  it('implements exactly the rules the document lists in x-trackerkit-rules', () => {
    const listed = openapiDocument.components.schemas.NotificationConfig['x-trackerkit-rules'];
    expect([...Object.values(R)].sort()).toEqual([...listed].sort());
  });
});

type Want = [field: string, rule: string][];
const cases: [string, { given: NotificationConfig; partial?: boolean; legacy?: boolean; want: Want }][] = [
  [
    'channel on, no direction at all',
    {
      given: { signal_level: 'Poor', email_enabled: true },
      want: [['notification_config.notify_below', R.directionNeeded]],
    },
  ],
  [
    'channel on, no direction, legacy fallback',
    { given: { signal_level: 'Poor', email_enabled: true }, legacy: true, want: [] },
  ],
  [
    'channel on, v0.3 field, no direction, legacy fallback',
    {
      given: { webhook_enabled: true, lower_threshold: 3 },
      legacy: true,
      want: [['notification_config.notify_below', R.directionNeeded]],
    },
  ],
  [
    'channel on, the legacy pair',
    { given: { email_enabled: true, score_threshold: 3, threshold_direction: 'below' }, want: [] },
  ],
  ['no channel, no direction', { given: { signal_level: 'Poor' }, want: [] }],
  [
    'patch: channel on only (stored config unknown)',
    { given: { email_enabled: true }, partial: true, want: [] },
  ],
  ['lower bound', { given: { webhook_enabled: true, notify_below: true, lower_threshold: 3 }, want: [] }],
  [
    'both bounds in order',
    {
      given: {
        email_enabled: true,
        notify_below: true,
        lower_threshold: 3,
        notify_above: true,
        upper_threshold: 8,
      },
      want: [],
    },
  ],
  [
    'equal bounds',
    { given: { notify_below: true, lower_threshold: 5, notify_above: true, upper_threshold: 5 }, want: [] },
  ],
  [
    'notify_below without lower_threshold',
    { given: { notify_below: true }, want: [['notification_config.lower_threshold', R.belowNeedsLower]] },
  ],
  [
    'notify_below with null lower_threshold',
    {
      given: { notify_below: true, lower_threshold: null },
      want: [['notification_config.lower_threshold', R.belowNeedsLower]],
    },
  ],
  [
    'notify_above without upper_threshold',
    { given: { notify_above: true }, want: [['notification_config.upper_threshold', R.aboveNeedsUpper]] },
  ],
  [
    'bounds reversed',
    {
      given: { notify_below: true, lower_threshold: 8, notify_above: true, upper_threshold: 3 },
      want: [['notification_config.lower_threshold', R.ordered]],
    },
  ],
  [
    'reversed thresholds with one direction off',
    { given: { notify_below: true, lower_threshold: 8, notify_above: false, upper_threshold: 3 }, want: [] },
  ],
  [
    'channel on, v0.3 field, no direction',
    {
      given: { webhook_enabled: true, lower_threshold: 3 },
      want: [['notification_config.notify_below', R.directionNeeded]],
    },
  ],
  [
    'channel on, both directions off',
    {
      given: { email_enabled: true, notify_below: false, notify_above: false },
      want: [['notification_config.notify_below', R.directionNeeded]],
    },
  ],
  ['no channel, v0.3 field, no direction', { given: { lower_threshold: 3 }, want: [] }],
  ['legacy pair', { given: { score_threshold: 3, threshold_direction: 'below' }, want: [] }],
  [
    'score_threshold alone',
    { given: { score_threshold: 3 }, want: [['notification_config.threshold_direction', R.legacyTogether]] },
  ],
  [
    'threshold_direction alone',
    {
      given: { threshold_direction: 'above' },
      want: [['notification_config.score_threshold', R.legacyTogether]],
    },
  ],
  // PATCH merges with the stored config: a rule applies only when the fields it needs were sent.
  ['patch: notify_below only (threshold stored)', { given: { notify_below: true }, partial: true, want: [] }],
  [
    'patch: notify_below with null threshold',
    {
      given: { notify_below: true, lower_threshold: null },
      partial: true,
      want: [['notification_config.lower_threshold', R.belowNeedsLower]],
    },
  ],
  [
    'patch: channel on, one direction unknown',
    { given: { webhook_enabled: true, notify_below: false }, partial: true, want: [] },
  ],
  [
    'patch: channel on, both directions off',
    {
      given: { webhook_enabled: true, notify_below: false, notify_above: false },
      partial: true,
      want: [['notification_config.notify_below', R.directionNeeded]],
    },
  ],
  ['patch: score_threshold only', { given: { score_threshold: 2 }, partial: true, want: [] }],
  [
    'patch: legacy direction cleared',
    {
      given: { score_threshold: 2, threshold_direction: null },
      partial: true,
      want: [['notification_config.threshold_direction', R.legacyTogether]],
    },
  ],
];

describe('notificationProblems', () => {
  it.each(cases)('%s', (_name, { given, partial = false, legacy = false, want }) => {
    const check = { partial, channelWithoutDirection: legacy ? ('legacy' as const) : ('refuse' as const) };
    const got = under(['notification_config'], notificationProblems(given, check)).map((p) => [
      p.field,
      p.rule,
    ]);
    expect(got).toEqual(want);
  });
});
