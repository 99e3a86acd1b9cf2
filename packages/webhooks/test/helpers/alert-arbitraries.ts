// Alerts and group notifications of any content for property tests: every text field of the
// document's AlertData (and of an event type it does not define) from empty to 1 MB, of any
// Unicode (lone surrogates, controls, each platform's markup), in groups of up to 5,000 alerts.
import fc from 'fast-check';
import type { GroupNotification } from '../../src/alerts/alertmanager-payload.ts';
import { formatAlert } from '../../src/alerts/format-alert.ts';
import { wellFormed } from '../../src/alerts/wire-json.ts';
import { notificationSummary } from '../../src/delivery/format-group.ts';
import type { DeliveryJob } from '../../src/delivery/types.ts';
import type { AlertEvent } from '../../src/events/types.ts';

/** What the escaping of some platform reads, and what is invalid or invisible. */
const SPECIAL = [
  '\ud800', // a lone high surrogate
  '\udfff', // a lone low surrogate
  '\u0000',
  '\u0007',
  '\u001b',
  '\u0085',
  '\u2028',
  '\u202e',
  '\u200b',
  '\n',
  '\r',
  '\t',
  ' ',
  '"',
  '\\',
  '&',
  '<',
  '>',
  '@',
  '.',
  ':',
  '/',
  '`',
  '*',
  '_',
  '~',
  '|',
  '(',
  ')',
  '[',
  ']',
  '#',
  '-',
  '%',
  'é',
  '€',
  '📈',
  'a',
  '1',
];

const unit = fc.oneof(
  fc.constantFrom(...SPECIAL),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);

/** The sizes the issue names (a URL past 4,028 characters, 64 KB and 200 KB fields) up to 1 MB. */
const BIG = [4096, 4100, 28_001, 65_536, 204_800, 1 << 20];

/**
 * Text of any Unicode, mostly short, sometimes of a size from BIG: a random pattern repeated, cut
 * at that length (which may leave half a surrogate pair).
 */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit, maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ unit, minLength: 1, maxLength: 6 }), fc.constantFrom(...BIG))
      .map(([pattern, size]) => pattern.repeat(Math.ceil(size / pattern.length)).slice(0, size)),
  },
);

/** A run URL the receiver offers as a link (an http(s) URL), of any length, or any text. */
const anyUrl: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  anyText,
  anyText.map((path) => `https://console.tracker.example/runs/${encodeURIComponent(wellFormed(path))}`),
  fc.constantFrom(...BIG).map((size) => `https://console.tracker.example/runs/${'r'.repeat(size)}`),
);

/** The document's AlertData with every text field of any content, the rest within the schema. */
const alertData = fc.record({
  account_id: anyText,
  space_id: anyText,
  tracker_id: anyText,
  tracker_name: anyText,
  run_id: anyText,
  score: fc.integer({ min: 0, max: 10 }),
  signal: anyText,
  analysis: anyText,
  rule: fc.constantFrom('bounds', 'score_threshold', 'signal_level'),
  bound: fc.constantFrom('lower', 'upper', null),
  threshold: fc.oneof(fc.integer({ min: 0, max: 10 }), anyText, fc.constant(null)),
  reason: anyText,
  trigger_type: fc.constantFrom('manual', 'scheduled'),
  completed_at: anyText,
  url: anyUrl,
});

const timestamp = fc.oneof(
  fc.constant('2030-01-01T00:00:00Z'),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  anyText,
);

/** A `tracker.alert`, a `tracker.alert.resolved`, or an event type the document does not define. */
export const anyEvent: fc.Arbitrary<AlertEvent> = fc.oneof(
  fc.record({
    type: fc.constantFrom('tracker.alert', 'tracker.alert.resolved'),
    timestamp,
    data: alertData,
  }) as fc.Arbitrary<AlertEvent>,
  fc.record({
    type: anyText,
    timestamp,
    data: fc.oneof(
      alertData,
      fc.dictionary(anyText, fc.oneof(anyText, fc.array(fc.integer(), { maxLength: 50 })), { maxKeys: 5 }),
    ),
  }) as fc.Arbitrary<AlertEvent>,
);

/** The job the outbox makes for one event. */
export function eventJob(event: AlertEvent): DeliveryJob {
  return {
    event,
    summary: formatAlert(event),
    idempotencyKey: 'msg_property',
    body: JSON.stringify(event),
    attempt: 1,
    signal: new AbortController().signal,
  };
}

/** The group sizes the issue names. */
export const GROUP_SIZES = [1, 150, 1000, 5000] as const;

/**
 * A group notification of `size` alerts made of a few distinct events (each alert its own
 * fingerprint; every fifth resolved), grouped by the first one's space id and any other labels.
 */
export const groupOf = (size: number): fc.Arbitrary<GroupNotification> =>
  fc
    .record({
      events: fc.array(anyEvent, { minLength: 1, maxLength: 3 }),
      labels: fc.dictionary(anyText, anyText, { maxKeys: 2 }),
    })
    .map(({ events, labels }) => {
      const at = Date.parse('2030-01-01T00:10:00Z');
      const summaries = events.map(formatAlert);
      const space = (events[0]!.data as { space_id?: unknown } | undefined)?.space_id;
      return {
        receiver: 'chat',
        groupKey: '{}:{}',
        groupLabels: { ...labels, ...(typeof space === 'string' ? { space_id: space } : {}) },
        at,
        alerts: Array.from({ length: size }, (_, i) => ({
          fingerprint: `fp${i}`,
          labels: {},
          annotations: {},
          startsAt: at - 60_000,
          endsAt: i % 5 === 4 ? at - 1000 : null,
          generatorURL: '',
          summary: summaries[i % summaries.length]!,
        })),
      };
    });

/** The job the outbox makes for a group notification. */
export function groupJob(notification: GroupNotification): DeliveryJob {
  return {
    event: { type: 'tracker.alert', data: {} },
    summary: notificationSummary(notification),
    notification,
    idempotencyKey: 'msg_property_group',
    body: '{}',
    attempt: 1,
    signal: new AbortController().signal,
  };
}

/** The lone surrogates in the strings of a parsed body (keys and values), as found. */
export function loneSurrogates(value: unknown): string[] {
  const found: string[] = [];
  const visit = (v: unknown) => {
    if (typeof v === 'string') {
      if (wellFormed(v) !== v) found.push(v.slice(0, 40));
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        visit(k);
        visit(x);
      }
  };
  visit(value);
  return found;
}
