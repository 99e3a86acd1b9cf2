import { describe, expect, it } from 'vitest';
import { alertIdentity } from '../../src/alerts/alert-identity.ts';
import { type AlertGroup, decideFlush, type GroupAlert, nextTick } from '../../src/alerts/group-flush.ts';
import { type AlertmanagerAlertEvent, parsePostableAlerts } from '../../src/events/alertmanager-alert.ts';
import { mergePostedAlert } from '../../src/events/merge-posted-alert.ts';

// Alertmanager 0.25's alert lifecycle as pure decisions on a given clock: the merge of a post with
// the alert kept (provider/mem Put, types.Alert.Merge), the API's defaults (resolve_timeout), and
// how long an emptied aggregation group lives (its dispatcher's cleanup).
const T = Date.UTC(2030, 0, 1);
const iso = (s: number) => new Date(T + s * 1000).toISOString();

/** An alert posted at `updated` (s), starting and ending at the given seconds (`null`: an end never given). */
function alert(
  starts: number,
  ends: number | null,
  updated: number,
  o: { summary?: string; timeout?: true } = {},
) {
  const event: AlertmanagerAlertEvent = {
    type: 'alertmanager.alert',
    timestamp: iso(updated),
    data: {
      status: 'firing',
      labels: { alertname: 'A' },
      annotations: o.summary ? { summary: o.summary } : {},
      startsAt: iso(starts),
      endsAt: ends === null ? null : iso(ends),
      ...(o.timeout ? { timeout: true as const } : {}),
      generatorURL: '',
      fingerprint: 'f',
    },
  };
  return event;
}

describe('mergePostedAlert (Alertmanager: provider Put, then Alert.Merge)', () => {
  const cases: Array<
    [
      string,
      {
        given: { kept: AlertmanagerAlertEvent | null; posted: AlertmanagerAlertEvent; now: number };
        want: { starts: number; ends: number | null; status: 'firing' | 'resolved'; summary?: string };
      },
    ]
  > = [
    [
      'nothing kept: the posted alert, its status at now',
      {
        given: { kept: null, posted: alert(0, 4, 0), now: 0 },
        want: { starts: 0, ends: 4, status: 'firing' },
      },
    ],
    [
      "Prometheus' re-send (same start, later end, new annotation): it replaces the kept alert",
      {
        given: { kept: alert(0, 4, 0, { summary: 'v1' }), posted: alert(0, 5, 1, { summary: 'v2' }), now: 1 },
        want: { starts: 0, ends: 5, status: 'firing', summary: 'v2' },
      },
    ],
    [
      "Prometheus' resolve (an end inside the firing span): ended at that end",
      {
        given: { kept: alert(0, 9, 4), posted: alert(0, 5, 5), now: 5 },
        want: { starts: 0, ends: 5, status: 'resolved' },
      },
    ],
    [
      'a re-fire after a resolve (starts after the kept end): its own start',
      {
        given: { kept: alert(0, 5, 5), posted: alert(8, 12, 8), now: 8 },
        want: { starts: 8, ends: 12, status: 'firing' },
      },
    ],
    [
      'a post starting inside the kept span keeps the earlier start',
      {
        given: { kept: alert(0, 10, 1), posted: alert(3, 14, 3), now: 3 },
        want: { starts: 0, ends: 14, status: 'firing' },
      },
    ],
    [
      'a younger firing post ending sooner: the kept explicit end stays',
      {
        given: { kept: alert(0, 9, 0), posted: alert(0, 5, 1), now: 1 },
        want: { starts: 0, ends: 9, status: 'firing' },
      },
    ],
    [
      "a younger firing post ending sooner than resolve_timeout's end: its end wins",
      {
        given: { kept: alert(0, 300, 0, { timeout: true }), posted: alert(0, 5, 1), now: 1 },
        want: { starts: 0, ends: 5, status: 'firing' },
      },
    ],
    [
      'two resolved ends: the later one stays',
      {
        given: { kept: alert(0, 6, 6), posted: alert(2, 4, 7), now: 7 },
        want: { starts: 0, ends: 6, status: 'resolved' },
      },
    ],
    [
      'a post older than the kept one (a late retry): the kept one is the younger and gives the fields',
      {
        given: {
          kept: alert(0, 9, 5, { summary: 'new' }),
          posted: alert(0, 7, 2, { summary: 'old' }),
          now: 5,
        },
        want: { starts: 0, ends: 9, status: 'firing', summary: 'new' },
      },
    ],
    [
      'a kept alert from before ends were always set (fires until resolved): any end replaces it',
      {
        given: { kept: alert(0, null, 0), posted: alert(0, 5, 1), now: 1 },
        want: { starts: 0, ends: 5, status: 'firing' },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const merged = mergePostedAlert(given.kept, given.posted, T + given.now * 1000);
    expect({
      starts: (Date.parse(merged.data.startsAt) - T) / 1000,
      ends: merged.data.endsAt === null ? null : (Date.parse(merged.data.endsAt) - T) / 1000,
      status: merged.data.status,
      ...(merged.data.annotations.summary ? { summary: merged.data.annotations.summary } : {}),
    }).toEqual(want);
  });
});

describe("POST /api/v2/alerts: Alertmanager's defaults", () => {
  const cases: Array<[string, { given: Record<string, unknown>; timeoutS?: number; want: unknown }]> = [
    [
      'no end: ends resolve_timeout after it was posted, marked as a timeout',
      {
        given: { startsAt: iso(-60) },
        want: { startsAt: iso(-60), endsAt: iso(300), timeout: true, status: 'firing' },
      },
    ],
    [
      'no end, resolve_timeout from the configuration',
      { given: {}, timeoutS: 7, want: { startsAt: iso(0), endsAt: iso(7), timeout: true, status: 'firing' } },
    ],
    [
      "the sender's end: no timeout",
      {
        given: { startsAt: iso(0), endsAt: iso(4) },
        want: { startsAt: iso(0), endsAt: iso(4), status: 'firing' },
      },
    ],
    [
      'an end already past: resolved',
      { given: { endsAt: iso(-1) }, want: { startsAt: iso(-1), endsAt: iso(-1), status: 'resolved' } },
    ],
  ];
  it.each(cases)('%s', (_name, { given, timeoutS, want }) => {
    const { alerts, problems } = parsePostableAlerts(
      [{ labels: { a: 'b' }, ...given }],
      T,
      timeoutS === undefined ? undefined : timeoutS * 1000,
    );
    expect(problems).toEqual([]);
    const { startsAt, endsAt, timeout, status } = alerts[0]!.event.data;
    expect({ startsAt, endsAt, ...(timeout ? { timeout } : {}), status }).toEqual(want);
  });

  it('a start later than the default end is refused, as Alertmanager validates after its defaults', () => {
    const { problems } = parsePostableAlerts([{ labels: { a: 'b' }, startsAt: iso(600) }], T);
    expect(problems).toEqual(['alerts.0.endsAt: start time must be before end time']);
  });
});

describe("an emptied group: its ticks go on until Alertmanager's cleanup would end it (30 s)", () => {
  const group = (intervalS: number, emptiedAt: number | null): AlertGroup => ({
    route: 'root',
    key: '[]',
    amKey: '{}:{}',
    labels: {},
    receiver: 'r',
    destinations: ['hook'],
    nextFlush: 0,
    flushed: true,
    emptiedAt: emptiedAt === null ? null : emptiedAt * 1000,
    waitMs: 2000,
    intervalMs: intervalS * 1000,
    repeatMs: 0,
    ungrouped: false,
  });
  const resolved: GroupAlert = {
    fingerprint: 'f',
    labels: { alertname: 'A' },
    annotations: {},
    startsAt: 0,
    endsAt: 1000,
    generatorURL: '',
    summary: alertIdentity(alert(0, 1, 0), T)!.summary,
    trackerId: null,
    alertId: 1,
    routing: { alertname: 'A' },
  };
  const cases: Array<
    [
      string,
      {
        given: { intervalS: number; emptiedAt: number | null; alerts: GroupAlert[]; tick: number };
        want: unknown;
      },
    ]
  > = [
    [
      'the flush that drops its last alert: the next tick, emptied at this one',
      {
        given: { intervalS: 4, emptiedAt: null, alerts: [resolved], tick: 6 },
        want: { next: 10, emptiedAt: 6, drops: 1 },
      },
    ],
    [
      'with group_interval past 30 s, looked at again when the cleanup would come',
      {
        given: { intervalS: 300, emptiedAt: null, alerts: [resolved], tick: 6 },
        want: { next: 36, emptiedAt: 6, drops: 1 },
      },
    ],
    [
      'found empty before then: its ticks go on',
      {
        given: { intervalS: 4, emptiedAt: 6, alerts: [], tick: 10 },
        want: { next: 14, emptiedAt: 6, drops: 0 },
      },
    ],
    [
      'found empty at the last tick before then: looked at once more when it comes',
      {
        given: { intervalS: 4, emptiedAt: 6, alerts: [], tick: 34 },
        want: { next: 36, emptiedAt: 6, drops: 0 },
      },
    ],
    [
      'found empty 30 s after it emptied: it ends',
      {
        given: { intervalS: 4, emptiedAt: 6, alerts: [], tick: 36 },
        want: { next: null, emptiedAt: null, drops: 0 },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const d = decideFlush({
      group: group(given.intervalS, given.emptiedAt),
      alerts: given.alerts,
      logs: new Map(),
      tick: given.tick * 1000,
      now: given.tick * 1000,
      muted: () => false,
      routeMuted: false,
      sendResolved: () => true,
    });
    expect({
      next: d.nextFlush === null ? null : d.nextFlush / 1000,
      emptiedAt: d.emptiedAt === null ? null : d.emptiedAt / 1000,
      drops: d.drop.length,
    }).toEqual(want);
  });

  it.each([
    ['after now', { given: { tick: 6, step: 4, now: 7, orNow: false }, want: 10 }],
    ['a tick at now is not after it', { given: { tick: 6, step: 4, now: 10, orNow: false }, want: 14 }],
    ['at or after now: a tick at now', { given: { tick: 6, step: 4, now: 10, orNow: true }, want: 10 }],
    ['always a step on from the tick', { given: { tick: 6, step: 4, now: 6, orNow: true }, want: 10 }],
  ])('nextTick: %s', (_name, { given, want }) => {
    expect(nextTick(given.tick, given.step, given.now, given.orNow)).toBe(want);
  });
});
