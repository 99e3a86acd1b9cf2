import { describe, expect, it } from 'vitest';
import { alertIdentity, trackerAlertLabels } from '../../src/alerts/alert-identity.ts';
import {
  compareAlerts,
  type GroupNotification,
  goTime,
  groupKeyOf,
  type NotifiedAlert,
  quoteMeta,
  webhookMessage,
} from '../../src/alerts/alertmanager-payload.ts';
import { formatAlert } from '../../src/alerts/format-alert.ts';
import { labelsFingerprint } from '../../src/events/alertmanager-alert.ts';
import { exampleAlert } from '../helpers/alerts.ts';

// Label values with what Go quotes: a no-break space, a quote, a backslash, U+2028, a control
// character, a tab; and what it keeps: é, an emoji.
const ODD = 'a\u00a0b"c\\\u2028\u0001é😀\t';

/**
 * What Debian's Alertmanager 0.25 sent to a webhook (`max_alerts: 1`, receiver `team.x+y`,
 * `group_by: [tracker_name]`, `--web.external-url=http://tk.example:9093/am`) for two alerts
 * posted to its API, captured from the wire.
 */
const AM_SENT = {
  receiver: 'team\\.x\\+y',
  status: 'firing',
  alerts: [
    {
      status: 'firing',
      labels: { alertname: 'T', job: 'j', tracker_name: ODD },
      annotations: { b: 'y', summary: 'x' },
      startsAt: '2026-11-26T11:00:01Z',
      endsAt: '0001-01-01T00:00:00Z',
      generatorURL: '',
      fingerprint: 'ad7b00c97c1e19f2',
    },
  ],
  groupLabels: { tracker_name: ODD },
  commonLabels: { alertname: 'T', job: 'j', tracker_name: ODD },
  commonAnnotations: { b: 'y', summary: 'x' },
  externalURL: 'http://tk.example:9093/am',
  version: '4',
  groupKey: '{}:{tracker_name="a\\u00a0b\\"c\\\\\\u2028\\x01é😀\\t"}',
  truncatedAlerts: 1,
};

const summary = formatAlert(exampleAlert());

describe('Alertmanager webhook payload (version 4), against what a real Alertmanager sent', () => {
  it('the same body, field for field: order, truncation, quoting of the receiver and the group key', () => {
    const at = Date.parse('2026-11-26T11:00:03Z');
    const notification: GroupNotification = {
      receiver: 'team.x+y',
      groupKey: groupKeyOf('{}', { tracker_name: ODD }),
      groupLabels: { tracker_name: ODD },
      at,
      // Alertmanager's order: the alert with a `job` label first.
      alerts: (
        [
          {
            fingerprint: labelsFingerprint({ alertname: 'T', tracker_name: ODD }),
            labels: { tracker_name: ODD, alertname: 'T' },
            annotations: { summary: 'x' },
            startsAt: Date.parse('2026-11-26T11:00:00.120Z'),
            endsAt: null,
            generatorURL: '',
            summary,
          },
          {
            fingerprint: labelsFingerprint({ alertname: 'T', job: 'j', tracker_name: ODD }),
            labels: { tracker_name: ODD, job: 'j', alertname: 'T' },
            annotations: { summary: 'x', b: 'y' },
            startsAt: Date.parse('2026-11-26T11:00:01Z'),
            endsAt: null,
            generatorURL: '',
            summary,
          },
        ] as NotifiedAlert[]
      ).sort(compareAlerts),
    };
    const message = webhookMessage(notification, { externalURL: 'http://tk.example:9093/am', maxAlerts: 1 });
    expect(message).toEqual(AM_SENT);
    // Keys in Go's order too (encoding/json sorts a map's keys; the struct's fields in their order).
    expect(JSON.stringify(message)).toBe(JSON.stringify(AM_SENT));
  });

  const fingerprints: Array<[string, { given: Record<string, string>; want: string }]> = [
    [
      'a tracker-like label set',
      {
        given: {
          alertname: 'TrackerAlert',
          tracker_id: 'trk_1',
          space_id: 'spc_east',
          signal: 'Poor',
          bound: 'lower',
        },
        want: '5cd851ca9ecbda74',
      },
    ],
    [
      'odd characters',
      {
        given: { alertname: 'T', space_id: 'spc_east', tracker_name: ODD.slice(0, -1) },
        want: 'd93b9df3347ca29e',
      },
    ],
    [
      'with a job label',
      { given: { alertname: 'T', job: 'j', tracker_name: ODD }, want: 'ad7b00c97c1e19f2' },
    ],
  ];
  it.each(fingerprints)('fingerprint as Alertmanager computed it: %s', (_name, { given, want }) => {
    expect(labelsFingerprint(given)).toBe(want);
  });
  it("fingerprint of no labels: FNV-1a's offset basis, as Prometheus' emptyLabelSignature", () => {
    expect(labelsFingerprint({})).toBe('cbf29ce484222325');
  });
  it('fingerprint: the 32-bit halves agree with 64-bit FNV-1a in BigInt over 2,000 random label sets', () => {
    // The definition, plainly: what the split arithmetic must equal byte for byte.
    const reference = (labels: Record<string, string>) => {
      let hash = 0xcbf29ce484222325n;
      const bytes = Object.keys(labels)
        .sort()
        .flatMap((name) => [...Buffer.from(name), 0xff, ...Buffer.from(labels[name]!), 0xff]);
      for (const byte of bytes) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
      return hash.toString(16).padStart(16, '0');
    };
    // Park and Miller's generator: seeded, so a failure names the same label set every run.
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % n;
    };
    const alphabet = ['a', 'Z', '_', '9', 'é', '😀', '\u00ff', '\u0000', ' ', '"'];
    const word = () => Array.from({ length: random(12) }, () => alphabet[random(alphabet.length)]).join('');
    for (let i = 0; i < 2_000; i++) {
      const labels = Object.fromEntries(
        Array.from({ length: random(5) }, (_, k) => [`l${k}${word()}`, word()]),
      );
      expect(labelsFingerprint(labels), JSON.stringify(labels)).toBe(reference(labels));
    }
  });

  const times: Array<[string, { given: number | null; want: string }]> = [
    ['none: Go zero time', { given: null, want: '0001-01-01T00:00:00Z' }],
    ['whole seconds', { given: Date.parse('2026-11-26T11:00:01Z'), want: '2026-11-26T11:00:01Z' }],
    [
      'trailing zeros cut',
      { given: Date.parse('2026-11-26T11:00:00.120Z'), want: '2026-11-26T11:00:00.12Z' },
    ],
    ['milliseconds', { given: Date.parse('2026-11-26T11:00:00.123Z'), want: '2026-11-26T11:00:00.123Z' }],
  ];
  it.each(times)('time as Go writes it: %s', (_name, { given, want }) => {
    expect(goTime(given)).toBe(want);
  });

  it('status, common labels and annotations are those of the alerts sent; resolved ones keep their end', () => {
    const at = Date.parse('2026-11-26T12:00:00Z');
    const base = { annotations: { summary: 's' }, generatorURL: 'https://x.example/r', summary };
    const a = {
      ...base,
      fingerprint: 'f1',
      labels: { alertname: 'A', x: '1' },
      startsAt: at - 5000,
      endsAt: at - 1000,
    };
    const b = {
      ...base,
      fingerprint: 'f2',
      labels: { alertname: 'A', x: '2' },
      startsAt: at - 4000,
      endsAt: null,
    };
    const resolvedOnly = webhookMessage(
      { receiver: 'r', groupKey: 'k', groupLabels: { alertname: 'A' }, at, alerts: [a] },
      { externalURL: 'http://r', maxAlerts: 0 },
    );
    expect(resolvedOnly).toMatchObject({
      status: 'resolved',
      alerts: [{ status: 'resolved', endsAt: '2026-11-26T11:59:59Z', startsAt: '2026-11-26T11:59:55Z' }],
      commonLabels: { alertname: 'A', x: '1' },
      truncatedAlerts: 0,
    });
    const both = webhookMessage(
      { receiver: 'r', groupKey: 'k', groupLabels: { alertname: 'A' }, at, alerts: [a, b] },
      { externalURL: 'http://r', maxAlerts: 0 },
    );
    expect(both.status).toBe('firing');
    expect(both.commonLabels).toEqual({ alertname: 'A' });
    expect(both.commonAnnotations).toEqual({ summary: 's' });
    expect(both.alerts.map((x) => [x.status, x.endsAt])).toEqual([
      ['resolved', '2026-11-26T11:59:59Z'],
      ['firing', '0001-01-01T00:00:00Z'],
    ]);
  });

  it("Alertmanager's alert order: job, then instance, then fewer labels, then label values", () => {
    const sorted: Array<{ labels: Record<string, string> }> = [
      { labels: { a: '2' } },
      { labels: { a: '1', b: '1' } },
      { labels: { a: '1' } },
      { labels: { instance: 'i', a: '1' } },
      { labels: { job: 'z' } },
      { labels: { job: 'a', a: '9', b: '9' } },
    ];
    sorted.sort(compareAlerts);
    expect(sorted.map((s) => s.labels)).toEqual([
      { job: 'a', a: '9', b: '9' },
      { job: 'z' },
      { instance: 'i', a: '1' },
      { a: '1' },
      { a: '2' },
      { a: '1', b: '1' },
    ]);
  });

  it('quotes a receiver name as Go regexp.QuoteMeta', () => {
    expect(quoteMeta('team.x+y(1)[a]{b}^$|*?\\')).toBe(
      'team\\.x\\+y\\(1\\)\\[a\\]\\{b\\}\\^\\$\\|\\*\\?\\\\',
    );
  });
});

describe('a tracker alert as an Alertmanager alert (the labels are its identity)', () => {
  it('labels: alertname and the routing labels but event and score; the rest as annotations', () => {
    const event = exampleAlert({ tracker_id: 'trk_1', url: 'https://console.example/runs/1' });
    const labels = trackerAlertLabels(event);
    expect(Object.keys(labels).sort()).toEqual([
      'alertname',
      'bound',
      'signal',
      'space_id',
      'tracker_id',
      'tracker_name',
    ]);
    expect(labels.alertname).toBe('TrackerAlert');
    const identity = alertIdentity(event, Date.now())!;
    expect(identity.fingerprint).toBe(labelsFingerprint(labels));
    expect(identity.annotations).toMatchObject({
      url: 'https://console.example/runs/1',
      score: String(event.data.score),
    });
    expect(identity.annotations.summary).toContain(event.data.tracker_name);
    expect(identity.generatorURL).toBe('https://console.example/runs/1');
    // Another run of the same tracker at another score is the same alert.
    const again = alertIdentity(exampleAlert({ tracker_id: 'trk_1', score: 1.5 }), Date.now())!;
    expect(again.fingerprint).toBe(identity.fingerprint);
  });
});
