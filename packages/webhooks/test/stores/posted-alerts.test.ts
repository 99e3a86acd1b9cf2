import { afterAll, describe, expect, it } from 'vitest';
import { alertIdentity } from '../../src/alerts/alert-identity.ts';
import type { GroupNotification } from '../../src/alerts/alertmanager-payload.ts';
import { postedIngestItem } from '../../src/api/alerts-api.ts';
import { type AlertmanagerAlertEvent, parsePostableAlerts } from '../../src/events/alertmanager-alert.ts';
import type { RouteMatch } from '../../src/router/types.ts';
import type { FlushJudge } from '../../src/store/group-plan.ts';
import { dropSchemas, STORES } from '../helpers/stores.ts';

// Alerts posted to /api/v2/alerts through their lifecycle, as Alertmanager 0.25 holds them: each
// post merged with the alert kept for its labels, the end from the posts (or resolve_timeout), the
// group's rhythm kept while it lives. Times are ms from 0; the route groups by `team`, group_wait
// 2 s, group_interval 4 s; `hook` takes the group's notifications, `fwd` each event.
const WAIT = 2_000;
const INTERVAL = 4_000;
const RESOLVE_TIMEOUT = 7_000;

type Step =
  /** Posts alert `name` (team east unless given): its start and end (no `ends`: none given). */
  | { at: number; post: string; starts: number; ends?: number; summary?: string; team?: string }
  | { at: number; flush: true }
  | { at: number; repeat: true }
  /** The alerts `firingAlerts` lists at `at`. */
  | { at: number; firing: string[] };

interface Case {
  given: Step[];
  /** Each notification as `at: name:start=status[@end] (summary)`, the group's alerts in order. */
  want: string[];
  /** The events `fwd` was given (name:status), repeats included. */
  wantEach?: string[];
  /** The firing lists asked for, in order. */
  wantFiring?: string[][];
  repeatMs?: number;
}

const post = (at: number, name: string, starts: number, ends?: number, summary?: string): Step => ({
  at,
  post: name,
  starts,
  ...(ends === undefined ? {} : { ends }),
  ...(summary === undefined ? {} : { summary }),
});
const F = (...times: number[]): Step[] => times.map((at) => ({ at, flush: true }));

/** Prometheus' re-sends of a firing alert: every second from `from` to `to`, the end 4 s ahead. */
const resends = (name: string, starts: number, from: number, to: number): Step[] =>
  Array.from({ length: Math.floor((to - from) / 1000) + 1 }, (_, i) =>
    post(from + i * 1000, name, starts, from + i * 1000 + 4000),
  );

const byTime = (steps: Step[]) => [...steps].sort((a, b) => a.at - b.at);

const cases: Array<[string, Case]> = [
  [
    "Prometheus' re-sends keep an alert firing past its first end; each event goes once",
    {
      given: byTime([...resends('a', 0, 0, 12_000), ...F(2_000, 6_000, 10_000, 14_000)]),
      want: ['2000: a:0=firing'],
      wantEach: ['a:firing'],
    },
  ],
  [
    'an alert no post keeps firing ends at its last end: listed firing until then, announced resolved',
    {
      given: [
        post(0, 'a', 0, 4_000),
        ...F(2_000),
        { at: 3_999, firing: ['a'] },
        { at: 4_000, firing: [] },
        ...F(6_000),
      ],
      want: ['2000: a:0=firing', '6000: a:0=resolved@4000'],
      wantFiring: [['a'], []],
    },
  ],
  [
    'resolve_timeout: an alert posted once without an end ends that long after',
    {
      given: [post(0, 'a', 0), ...F(2_000, 6_000, 10_000)],
      want: ['2000: a:0=firing', '10000: a:0=resolved@7000'],
    },
  ],
  [
    "a later post's annotations go with the group's next notification",
    {
      given: [
        post(0, 'a', 0, 4_000, 'v1'),
        ...F(2_000),
        post(3_000, 'a', 0, 7_000, 'v2'),
        post(3_000, 'b', 3_000, 7_000),
        ...F(6_000),
      ],
      want: ['2000: a:0=firing (v1)', '6000: a:0=firing (v2), b:3000=firing'],
    },
  ],
  [
    'a resolve ends the alert at its end; a re-fire in the group that lives on waits for its next tick',
    {
      given: [
        post(0, 'a', 0, 20_000),
        post(0, 'b', 0, 20_000),
        ...F(2_000),
        post(3_000, 'a', 0, 3_000),
        ...F(6_000),
        post(7_000, 'a', 7_000, 20_000),
        ...F(9_000, 10_000),
      ],
      want: [
        '2000: a:0=firing, b:0=firing',
        '6000: a:0=resolved@3000, b:0=firing',
        '10000: a:7000=firing, b:0=firing',
      ],
      wantEach: ['a:firing', 'b:firing', 'a:resolved', 'a:firing'],
    },
  ],
  [
    "a group its flush emptied lives on: a re-fire waits for the group's next tick, not group_wait",
    {
      given: [
        post(0, 'a', 0, 20_000),
        ...F(2_000),
        post(3_000, 'a', 0, 3_000),
        ...F(6_000),
        post(7_000, 'a', 7_000, 30_000),
        ...F(9_000, 10_000),
      ],
      want: ['2000: a:0=firing', '6000: a:0=resolved@3000', '10000: a:7000=firing'],
    },
  ],
  [
    'a group still empty 30 s after its flush emptied it ends: the next alert starts a new group',
    {
      given: [
        post(0, 'a', 0, 20_000),
        ...F(2_000),
        post(3_000, 'a', 0, 3_000),
        ...F(6_000, 10_000, 34_000, 36_000),
        post(37_000, 'a', 37_000, 60_000),
        ...F(38_000, 39_000),
      ],
      want: ['2000: a:0=firing', '6000: a:0=resolved@3000', '39000: a:37000=firing'],
    },
  ],
  [
    'a resolve posted again joins its group again, and its next notification shows it (as Alertmanager)',
    {
      given: [
        post(0, 'a', 0, 20_000),
        post(0, 'b', 0, 20_000),
        ...F(2_000),
        post(3_000, 'a', 0, 3_000),
        ...F(6_000),
        post(7_000, 'a', 0, 3_000),
        post(7_000, 'c', 7_000, 20_000),
        ...F(10_000),
      ],
      want: [
        '2000: a:0=firing, b:0=firing',
        '6000: a:0=resolved@3000, b:0=firing',
        '10000: a:0=resolved@3000, b:0=firing, c:7000=firing',
      ],
      wantEach: ['a:firing', 'b:firing', 'a:resolved', 'c:firing'],
    },
  ],
  [
    'a resolve of an alert never kept here announces nothing and goes to no destination',
    {
      given: [post(2_000, 'x', 0, 1_000), ...F(2_000, 6_000)],
      want: [],
      wantEach: [],
    },
  ],
  [
    'a later end from an explicit end is kept when a younger post ends sooner (Merge)',
    {
      given: [post(0, 'a', 0, 9_000), ...F(2_000), post(1_000, 'a', 0, 5_000), ...F(6_000, 10_000)],
      want: ['2000: a:0=firing', '10000: a:0=resolved@9000'],
    },
  ],
  [
    'the repeats of a posted alert to the destinations of each event end with it',
    {
      repeatMs: 3_000,
      // The first send goes with the group's first flush (2 s), a repeat 3 s on; the next is due
      // after the alert's end (6 s).
      given: [
        post(0, 'a', 0, 6_000),
        { at: 5_000, repeat: true },
        { at: 8_000, repeat: true },
        { at: 11_000, repeat: true },
      ],
      want: [],
      wantEach: ['a:firing', 'a:firing'],
    },
  ],
];

afterAll(dropSchemas);

const judge: FlushJudge = { muted: () => false, routeMuted: () => false, sendResolved: () => true };

const describeNotification = (at: number, n: GroupNotification) =>
  `${at}: ${n.alerts
    .map((a) => {
      const ended = a.endsAt !== null && a.endsAt <= n.at;
      const summary = a.annotations.summary ? ` (${a.annotations.summary})` : '';
      return `${a.labels.name}:${a.startsAt}=${ended ? `resolved@${a.endsAt}` : 'firing'}${summary}`;
    })
    .join(', ')}`;

describe.each(STORES)(
  'alerts posted to /api/v2/alerts (%s): their lifecycle, as Alertmanager',
  (_kind, open) => {
    it.each(cases)('%s', async (_name, c) => {
      let clock = 0;
      const store = await open({ now: () => clock });
      const got: string[] = [];
      const firing: string[][] = [];
      for (const step of c.given) {
        clock = step.at;
        if ('flush' in step) {
          for (const row of await store.flushGroups(judge)) {
            got.push(describeNotification(clock, JSON.parse(row.payload!) as GroupNotification));
            await store.markDelivered(row.id, 200);
          }
        } else if ('repeat' in step) {
          await store.repeatDue();
        } else if ('firing' in step) {
          const bodies = await store.firingAlerts(clock);
          firing.push(bodies.map((b) => (JSON.parse(b) as AlertmanagerAlertEvent).data.labels.name!).sort());
        } else {
          const given = {
            labels: { alertname: 'Tk', name: step.post, team: step.team ?? 'east' },
            ...(step.summary ? { annotations: { summary: step.summary } } : {}),
            startsAt: new Date(step.starts).toISOString(),
            ...(step.ends === undefined ? {} : { endsAt: new Date(step.ends).toISOString() }),
          };
          const { alerts, problems } = parsePostableAlerts([given], clock, RESOLVE_TIMEOUT);
          expect(problems).toEqual([]);
          const event = alerts[0]!.event;
          const team = event.data.labels.team!;
          const match: RouteMatch = {
            path: 'root',
            key: '{}',
            receiver: 'r',
            destinations: ['hook', 'fwd'],
            repeatIntervalMs: c.repeatMs ?? 0,
            muted: false,
            group: {
              key: JSON.stringify([['team', team]]),
              labels: { team },
              waitMs: WAIT,
              intervalMs: INTERVAL,
            },
          };
          await store.ingest(
            postedIngestItem(event, [match], {
              at: clock,
              alert: alertIdentity(event, clock),
              trackerId: null,
              resolve: null,
              destinations: ['hook'],
            }),
          );
        }
      }
      expect(got).toEqual(c.want);
      if (c.wantFiring) expect(firing).toEqual(c.wantFiring);
      if (c.wantEach) {
        const each = (await store.list('pending', 1000))
          .filter((r) => r.destination === 'fwd')
          .sort((x, y) => x.id - y.id)
          .map((r) => {
            const { data } = JSON.parse(r.body) as AlertmanagerAlertEvent;
            return `${data.labels.name}:${data.status}`;
          });
        expect(each).toEqual(c.wantEach);
      }
      await store.close();
    });
  },
);
