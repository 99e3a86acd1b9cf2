import { afterAll, describe, expect, it } from 'vitest';
import { alertIdentity, firedTrackerId, resolvedTracker } from '../../src/alerts/alert-identity.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import { matchRouteTree } from '../../src/router/match-route-tree.ts';
import type { RouteMatch } from '../../src/router/types.ts';
import type { Store } from '../../src/store/store.ts';
import { exampleAlert, exampleResolved, SECRET } from '../helpers/alerts.ts';
import { dropSchemas, STORES } from '../helpers/stores.ts';

const WAIT = 30_000;
const INTERVAL = 300_000;

/**
 * Each step: at `at`, an alert (or a resolve) of `tracker` joins group `key` (its space); `want`
 * is when its event row goes to a destination that takes each event (`d`). Before each step the
 * flush pass runs, as the running receiver's timer does.
 */
type Step = {
  at: number;
  tracker: string;
  key?: string;
  resolve?: boolean;
  held?: boolean;
  /** The alert's own timestamp, when not `at`. */
  startedAt?: number;
  want: number;
};

const cases: Array<[string, { given: Step[] }]> = [
  [
    'a new group waits group_wait; alerts joining before its notification go with it',
    {
      given: [
        { at: 0, tracker: 'trk_1', want: WAIT },
        { at: 10_000, tracker: 'trk_2', want: WAIT },
        { at: WAIT - 1, tracker: 'trk_3', want: WAIT },
      ],
    },
  ],
  [
    'after a notification, a new alert waits for the next group_interval tick',
    {
      given: [
        { at: 0, tracker: 'trk_1', want: WAIT },
        { at: 40_000, tracker: 'trk_2', want: WAIT + INTERVAL },
        { at: 40_000 + INTERVAL, tracker: 'trk_3', want: WAIT + 2 * INTERVAL },
      ],
    },
  ],
  [
    'groups are apart: another key waits its own group_wait',
    {
      given: [
        { at: 0, tracker: 'trk_1', want: WAIT },
        { at: 40_000, tracker: 'trk_2', key: 'other', want: 40_000 + WAIT },
      ],
    },
  ],
  [
    'a resolve goes with its group; once every alert resolved and was flushed, the group ends and the next alert waits group_wait',
    {
      given: [
        { at: 0, tracker: 'trk_1', want: WAIT },
        { at: 10_000, tracker: 'trk_2', want: WAIT },
        { at: 100_000, tracker: 'trk_1', resolve: true, want: WAIT + INTERVAL },
        { at: 100_000, tracker: 'trk_2', resolve: true, want: WAIT + INTERVAL },
        { at: 400_000, tracker: 'trk_3', want: 400_000 + WAIT },
      ],
    },
  ],
  [
    'while one alert still fires, the group lives on its ticks',
    {
      given: [
        { at: 0, tracker: 'trk_1', want: WAIT },
        { at: 10_000, tracker: 'trk_2', want: WAIT },
        { at: 100_000, tracker: 'trk_1', resolve: true, want: WAIT + INTERVAL },
        { at: 400_000, tracker: 'trk_3', want: WAIT + 2 * INTERVAL },
      ],
    },
  ],
  [
    // Alertmanager keeps a silenced alert in its group and mutes it at each flush: the group's
    // rhythm starts with it (before, a held alert started no group).
    'a held (silenced) alert is stored as held, yet joins its group: the group keeps its rhythm',
    {
      given: [
        { at: 0, tracker: 'trk_1', held: true, want: 0 },
        { at: 40_000, tracker: 'trk_2', want: WAIT + INTERVAL },
      ],
    },
  ],
  [
    'an alert that started longer than group_wait ago flushes a new group at once (Alertmanager)',
    {
      given: [
        { at: 100_000, tracker: 'trk_1', startedAt: 100_000 - WAIT - 1, want: 100_000 },
        { at: 100_500, tracker: 'trk_2', want: 100_000 + INTERVAL },
      ],
    },
  ],
];

afterAll(dropSchemas);

const noJudge = { muted: () => false, routeMuted: () => false, sendResolved: () => true };

describe.each(STORES)(
  'grouping (%s): when each alert of a group is notified (Alertmanager dispatcher timing)',
  (_kind, open) => {
    it.each(cases)('%s', async (_name, { given }) => {
      let clock = 0;
      const store = await open({ now: () => clock });
      const got: number[] = [];
      for (const [i, step] of given.entries()) {
        clock = step.at;
        await store.flushGroups(noJudge);
        const space = step.key ?? 'space';
        const data = { tracker_id: step.tracker, space_id: space };
        const event = step.resolve ? exampleResolved(data) : exampleAlert(data);
        event.timestamp = new Date(step.startedAt ?? step.at).toISOString();
        const match: RouteMatch = {
          path: 'root/0',
          destinations: ['d'],
          repeatIntervalMs: 0,
          muted: false,
          group: {
            key: JSON.stringify([['space_id', space]]),
            labels: { space_id: space },
            waitMs: WAIT,
            intervalMs: INTERVAL,
          },
          ...(step.held ? { held: 'silenced' as const } : {}),
        };
        await store.ingest({
          source: 's',
          webhookId: `m${i}`,
          eventType: event.type,
          known: true,
          body: JSON.stringify(event),
          matches: [match],
          repeatScope: step.resolve ? null : step.tracker,
          resolves: step.resolve ? step.tracker : null,
          grouping: {
            at: clock,
            alert: alertIdentity(event, clock),
            trackerId: firedTrackerId(event),
            resolve: resolvedTracker(event, clock),
            destinations: [],
          },
        });
        got.push(await nextAttemptOf(store, `m${i}`));
      }
      expect(got).toEqual(given.map((s) => s.want));
      await store.close();
    });
  },
);

describe.each(STORES)(
  "grouping (%s): the alert's identity is worked out only where a group needs it",
  (_kind, open) => {
    const cases: Array<[string, { given: { group: boolean; groupedDestinations: string[] }; want: number }]> =
      [
        [
          'a route that groups nothing, no destination takes groups',
          { given: { group: false, groupedDestinations: [] }, want: 0 },
        ],
        ['a route that groups', { given: { group: true, groupedDestinations: [] }, want: 1 }],
        ['a destination that takes groups', { given: { group: false, groupedDestinations: ['d'] }, want: 1 }],
      ];
    it.each(cases)('%s', async (_name, { given, want }) => {
      const store = await open({ now: () => 0 });
      const event = exampleAlert({ tracker_id: 'trk_1' });
      let reads = 0;
      await store.ingest({
        source: 's',
        webhookId: 'm1',
        eventType: event.type,
        known: true,
        body: JSON.stringify(event),
        matches: [
          {
            path: 'root/0',
            destinations: ['d'],
            repeatIntervalMs: 0,
            muted: false,
            ...(given.group ? { group: { key: '[]', labels: {}, waitMs: WAIT, intervalMs: INTERVAL } } : {}),
          },
        ],
        repeatScope: 'trk_1',
        resolves: null,
        grouping: {
          at: 0,
          get alert() {
            reads++;
            return alertIdentity(event, 0);
          },
          trackerId: firedTrackerId(event),
          resolve: null,
          destinations: given.groupedDestinations,
        },
      });
      // Read or not: how often is the store's affair (PostgreSQL may run a plan twice), and the
      // receiver's getter keeps what it worked out the first time.
      expect(Math.min(reads, 1)).toBe(want);
      await store.close();
    });
  },
);

async function nextAttemptOf(store: Store, webhookId: string): Promise<number> {
  const rows = [...(await store.list('pending', 1000)), ...(await store.list('silenced', 1000))];
  const row = rows.find((r) => r.webhookId === webhookId);
  if (!row) throw new Error(`no row for ${webhookId}`);
  return row.nextAttemptAt;
}

describe('grouping configuration', () => {
  const base = {
    sources: [{ name: 't', path: '/t', secret: { env: 'S' } }],
    destinations: [{ name: 'd', type: 'stdout' }],
  };
  const env = { S: SECRET };

  it('group_by, group_wait and group_interval inherit; named time_intervals become the route windows', async () => {
    const config = loadConfig(
      {
        ...base,
        time_intervals: [
          { name: 'weekend', time_intervals: [{ weekdays: ['saturday:sunday'], location: 'Europe/Berlin' }] },
          { name: 'night', time_intervals: [{ times: [{ start_time: '22:00', end_time: '24:00' }] }] },
        ],
        route: {
          destination: 'd',
          group_by: ['space_id'],
          group_wait: '10s',
          routes: [
            { matchers: ['bound="lower"'], group_interval: '1m', mute_time_intervals: ['weekend', 'night'] },
            { matchers: ['bound="upper"'], group_by: ['...'], active_time_intervals: ['night'] },
          ],
        },
      },
      { env },
    );
    const [lower, upper] = config.route.routes!;
    expect(lower!.muteWindows).toEqual([
      { weekdays: ['saturday:sunday'], timezone: 'Europe/Berlin' },
      { times: [{ start: '22:00', end: '24:00' }] },
    ]);
    expect(upper!.activeWindows).toEqual([{ times: [{ start: '22:00', end: '24:00' }] }]);
    // A Wednesday noon: neither window applies to the lower route, the upper route is inactive.
    const noon = Date.parse('2026-11-25T12:00:00Z');
    const [low] = matchRouteTree(config.route, exampleAlert({ bound: 'lower', space_id: 'spc_1' }), noon);
    expect(low).toMatchObject({
      muted: false,
      group: { key: JSON.stringify([['space_id', 'spc_1']]), waitMs: 10_000, intervalMs: 60_000 },
    });
    const [up] = matchRouteTree(config.route, exampleAlert({ bound: 'upper' }), noon);
    expect(up!.muted).toBe(true);
    expect(JSON.parse(up!.group!.key)).toContainEqual(['bound', 'upper']);
    expect(up!.group).toMatchObject({ waitMs: 10_000, intervalMs: 300_000 });
    // Without group_by anywhere, no grouping: sent at once.
    const plain = loadConfig({ ...base, route: { destination: 'd' } }, { env });
    expect(matchRouteTree(plain.route, exampleAlert(), noon)[0]!.group).toBeUndefined();
  });

  const bad: Array<[string, { given: object; want: RegExp }]> = [
    [
      'unknown time interval name',
      {
        given: {
          route: {
            destination: 'd',
            routes: [{ matchers: ['bound="lower"'], mute_time_intervals: ['lunch'] }],
          },
        },
        want: /route\.routes\.0\.mute_time_intervals: unknown time interval lunch/,
      },
    ],
    [
      'duplicate time interval name',
      {
        given: {
          time_intervals: [
            { name: 'x', time_intervals: [] },
            { name: 'x', time_intervals: [] },
          ],
          route: { destination: 'd' },
        },
        want: /time_intervals\.1\.name: duplicate time interval name x/,
      },
    ],
    [
      'days_of_month not supported yet',
      {
        given: {
          time_intervals: [{ name: 'x', time_intervals: [{ days_of_month: ['1:7'] }] }],
          route: { destination: 'd' },
        },
        want: /time_intervals\.0\.time_intervals\.0\.days_of_month: .*not supported yet/,
      },
    ],
    [
      "'...' with other labels",
      {
        given: { route: { destination: 'd', group_by: ['...', 'space_id'] } },
        want: /group_by: .*list it alone/,
      },
    ],
    [
      'not a label name',
      {
        given: { route: { destination: 'd', group_by: ['space-id'] } },
        want: /group_by\.0: must be a label name/,
      },
    ],
    [
      'group_wait not a duration',
      { given: { route: { destination: 'd', group_wait: 'soon' } }, want: /route\.group_wait: .*duration/ },
    ],
  ];
  it.each(bad)('%s: refused naming the field', (_name, { given, want }) => {
    expect(() => loadConfig({ ...base, ...given }, { env })).toThrow(want);
  });
});
