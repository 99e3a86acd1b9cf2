import { afterAll, describe, expect, it } from 'vitest';
import { alertIdentity, firedTrackerId, resolvedTracker } from '../../src/alerts/alert-identity.ts';
import type { GroupNotification } from '../../src/alerts/alertmanager-payload.ts';
import type { RouteMatch } from '../../src/router/types.ts';
import type { FlushJudge } from '../../src/store/group-plan.ts';
import { exampleAlert, exampleResolved } from '../helpers/alerts.ts';
import { dropSchemas, STORES } from '../helpers/stores.ts';

const WAIT = 30_000;
const INTERVAL = 60_000;
const REPEAT = 150_000;

/**
 * At `at`: a tracker's alert fires (`fire`, in `space`, with `signal`), resolves (`resolve`), or
 * the flush pass runs (`flush`) with the trackers in `muted` held by a silence.
 */
type Step =
  | { at: number; fire: string; space?: string; signal?: string }
  | { at: number; resolve: string }
  | { at: number; flush: true; muted?: string[] };

/** A notification as `at: tracker:signal=status, ...` (the group's alerts in Alertmanager's order). */
type Case = {
  given: Step[];
  /** Destination `chat` sends resolved alerts; `quiet` does not (send_resolved: false). */
  destination?: 'chat' | 'quiet';
  ungrouped?: boolean;
  repeatMs?: number;
  want: string[];
};

const F = (at: number, muted?: string[]): Step => ({ at, flush: true, ...(muted ? { muted } : {}) });

const cases: Array<[string, Case]> = [
  [
    'each notification lists every alert of the group, resolved ones marked, which then leave it',
    {
      given: [
        { at: 0, fire: 'a' },
        { at: 10_000, fire: 'b' },
        F(WAIT),
        { at: 40_000, fire: 'c' },
        F(WAIT + INTERVAL),
        { at: 100_000, resolve: 'a' },
        F(WAIT + 2 * INTERVAL),
        F(WAIT + 3 * INTERVAL),
        F(WAIT + 4 * INTERVAL),
        F(WAIT + 5 * INTERVAL),
      ],
      want: [
        '30000: a:Poor=firing, b:Poor=firing',
        '90000: a:Poor=firing, b:Poor=firing, c:Poor=firing',
        '150000: a:Poor=resolved, b:Poor=firing, c:Poor=firing',
        // repeat_interval (150 s) passed since the last notification (150 s): at the first tick
        // strictly after 300 s, as Alertmanager, which compares with the log written after it sent.
        '330000: b:Poor=firing, c:Poor=firing',
      ],
    },
  ],
  [
    'send_resolved: false leaves resolved alerts out; a group all resolved sends nothing',
    {
      destination: 'quiet',
      given: [
        { at: 0, fire: 'a' },
        { at: 0, fire: 'b' },
        F(WAIT),
        { at: 40_000, resolve: 'a' },
        F(WAIT + INTERVAL),
        { at: 100_000, resolve: 'b' },
        F(WAIT + 2 * INTERVAL),
      ],
      want: ['30000: a:Poor=firing, b:Poor=firing'],
    },
  ],
  [
    'with send_resolved, the last alert resolving is announced; the group then ends',
    {
      given: [
        { at: 0, fire: 'a' },
        F(WAIT),
        { at: 40_000, resolve: 'a' },
        F(WAIT + INTERVAL),
        F(WAIT + 2 * INTERVAL),
      ],
      want: ['30000: a:Poor=firing', '90000: a:Poor=resolved'],
    },
  ],
  [
    'a silenced alert is left out; once free it is announced at the next flush',
    {
      given: [
        { at: 0, fire: 'a' },
        { at: 0, fire: 'b' },
        F(WAIT, ['b']),
        F(WAIT + INTERVAL, ['b']),
        F(WAIT + 2 * INTERVAL),
      ],
      want: ['30000: a:Poor=firing', '150000: a:Poor=firing, b:Poor=firing'],
    },
  ],
  [
    'a group wholly silenced sends and logs nothing; once free it is announced',
    {
      given: [{ at: 0, fire: 'a' }, F(WAIT, ['a']), F(WAIT + INTERVAL)],
      want: ['90000: a:Poor=firing'],
    },
  ],
  [
    "a tracker's alert with other labels resolves its earlier one",
    {
      given: [
        { at: 0, fire: 'a' },
        F(WAIT),
        { at: 40_000, fire: 'a', signal: 'Negative' },
        F(WAIT + INTERVAL),
        F(WAIT + 2 * INTERVAL),
      ],
      want: ['30000: a:Poor=firing', '90000: a:Negative=firing, a:Poor=resolved'],
    },
  ],
  [
    'repeats go at the first flush strictly more than repeat_interval after the last notification',
    {
      repeatMs: 2 * INTERVAL,
      given: [
        { at: 0, fire: 'a' },
        F(WAIT),
        F(WAIT + INTERVAL),
        F(WAIT + 2 * INTERVAL),
        F(WAIT + 3 * INTERVAL),
      ],
      want: ['30000: a:Poor=firing', '210000: a:Poor=firing'],
    },
  ],
  [
    'alerts of other groups are notified apart',
    {
      given: [{ at: 0, fire: 'a' }, { at: 0, fire: 'w', space: 'west' }, F(WAIT)],
      want: ['30000: a:Poor=firing', '30000: w:Poor=firing'],
    },
  ],
  [
    'a route without group_by: each alert its own group, notified as it changes',
    {
      ungrouped: true,
      given: [
        { at: 0, fire: 'a' },
        F(0),
        { at: 5_000, fire: 'b' },
        F(5_000),
        { at: 10_000, resolve: 'a' },
        F(10_000),
        F(20_000),
      ],
      want: ['0: a:Poor=firing', '5000: b:Poor=firing', '10000: a:Poor=resolved'],
    },
  ],
];

afterAll(dropSchemas);

describe.each(STORES)('group notifications (%s): what each flush sends, as Alertmanager', (_kind, open) => {
  it.each(cases)('%s', async (_name, c) => {
    let clock = 0;
    const store = await open({ now: () => clock });
    const destination = c.destination ?? 'chat';
    const got: string[] = [];
    for (const [i, step] of c.given.entries()) {
      clock = step.at;
      if ('flush' in step) {
        const muted = new Set(step.muted ?? []);
        const judge: FlushJudge = {
          muted: (_route, alert) => muted.has(alert.trackerId ?? ''),
          routeMuted: () => false,
          sendResolved: (name) => name !== 'quiet',
        };
        await store.flushGroups(judge);
        const rows = (await store.list('pending', 1000)).filter((r) => r.payload !== null);
        for (const row of rows.sort((x, y) => x.id - y.id)) {
          const n = JSON.parse(row.payload!) as GroupNotification;
          const alerts = n.alerts.map(
            (a) =>
              `${a.labels.tracker_id}:${a.labels.signal}=${a.endsAt !== null && a.endsAt <= n.at ? 'resolved' : 'firing'}`,
          );
          got.push(`${clock}: ${alerts.join(', ')}`);
          await store.markDelivered(row.id, 200);
        }
        continue;
      }
      const tracker = 'fire' in step ? step.fire : step.resolve;
      const space = 'fire' in step ? (step.space ?? 'east') : 'east';
      const data = { tracker_id: tracker, tracker_name: tracker, space_id: space };
      const event =
        'fire' in step
          ? exampleAlert({ ...data, signal: (step.signal ?? 'Poor') as 'Poor' })
          : exampleResolved(data);
      event.timestamp = new Date(step.at).toISOString();
      const match: RouteMatch = {
        path: 'root',
        key: '{}',
        destinations: [destination],
        repeatIntervalMs: c.repeatMs ?? REPEAT,
        muted: false,
        ...(c.ungrouped
          ? {}
          : {
              group: {
                key: JSON.stringify([['space_id', space]]),
                labels: { space_id: space },
                waitMs: WAIT,
                intervalMs: INTERVAL,
              },
            }),
      };
      await store.ingest({
        source: 's',
        webhookId: `m${i}`,
        eventType: event.type,
        known: true,
        body: JSON.stringify(event),
        matches: [match],
        repeatScope: 'fire' in step ? tracker : null,
        resolves: 'fire' in step ? null : tracker,
        grouping: {
          at: clock,
          alert: alertIdentity(event, clock),
          trackerId: firedTrackerId(event),
          resolve: resolvedTracker(event, clock),
          destinations: [destination],
        },
      });
    }
    expect(got).toEqual(c.want);
    await store.close();
  });
});
