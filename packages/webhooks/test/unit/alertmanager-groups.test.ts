import { describe, expect, it } from 'vitest';
import { alertGroups, type GettableAlert, groupLabels, receiversOf } from '../../src/api/alert-views.ts';
import type { RouteMatch } from '../../src/router/types.ts';

// An alert's receivers and Alertmanager's groups (its dispatcher's Groups), as pure functions;
// test/integration/alertmanager-api-names.test.ts holds the same answers to a real Alertmanager.
describe('GET /api/v2/alerts/groups', () => {
  const alert = (fingerprint: string, labels: Record<string, string>): GettableAlert => ({
    labels,
    annotations: {},
    startsAt: '',
    endsAt: '',
    updatedAt: '',
    fingerprint,
    receivers: [],
    status: { state: 'active', silencedBy: [], inhibitedBy: [] },
  });
  const match = (path: string, destinations: string[], group?: string, receiver?: string): RouteMatch => ({
    path,
    destinations,
    repeatIntervalMs: 0,
    muted: false,
    ...(receiver === undefined ? {} : { receiver }),
    ...(group === undefined ? {} : { group: { key: group, waitMs: 0, intervalMs: 0 } }),
  });

  it('group labels are the group_by values the alert has (an absent one is left out)', () => {
    expect(
      groupLabels(
        match(
          'root',
          ['a'],
          JSON.stringify([
            ['alertname', 'Disk'],
            ['team', ''],
          ]),
        ),
      ),
    ).toEqual({
      alertname: 'Disk',
    });
    expect(groupLabels(match('root', ['a']))).toEqual({});
  });

  it.each([
    [
      'a receiver, whatever its integrations',
      { given: [match('root', ['team/webhook[0]', 'team/slack[0]'], undefined, 'team')], want: ['team'] },
    ],
    [
      'a receiver without integrations',
      { given: [match('root/1', [], undefined, 'blackhole')], want: ['blackhole'] },
    ],
    [
      'the same receiver twice through continue, in route order',
      {
        given: [
          match('root/0', ['p/webhook[0]'], undefined, 'pager'),
          match('root/1', ['p/webhook[0]'], undefined, 'pager'),
        ],
        want: ['pager', 'pager'],
      },
    ],
    [
      'the earlier words: a destination, or several joined',
      { given: [match('root', ['chat']), match('root/0', ['chat', 'pager'])], want: ['chat', 'chat,pager'] },
    ],
    ['code handlers are no receiver', { given: [match('handlers', ['@handlers'])], want: [] }],
  ])("an alert's receivers (GET /alerts): %s", (_name, { given, want }) => {
    expect(receiversOf(given)).toEqual(want);
  });

  it("one group per route and labels, named by the route's receiver; Alertmanager's orders", () => {
    const disk = JSON.stringify([['alertname', 'Disk']]);
    const cpu = JSON.stringify([['alertname', 'CPU']]);
    const groups = alertGroups([
      {
        alert: alert('ff', { alertname: 'Disk', instance: 'b' }),
        matches: [match('root', ['team/webhook[0]', 'team/slack[0]'], disk, 'team')],
      },
      {
        alert: alert('0a', { alertname: 'Disk', instance: 'a' }),
        matches: [
          match('root/0', ['pager/webhook[0]'], disk, 'pager'),
          match('root/1', ['pager/webhook[0]'], disk, 'pager'),
        ],
      },
      {
        alert: alert('11', { alertname: 'CPU' }),
        matches: [match('root/2', [], cpu, 'blackhole'), match('handlers', ['@handlers'])],
      },
    ]);
    expect(
      groups.map((g) => [
        g.labels,
        g.receiver.name,
        g.alerts.map((a) => [a.fingerprint, a.receivers.map((r) => r.name)]),
      ]),
    ).toEqual([
      [{ alertname: 'CPU' }, 'blackhole', [['11', ['blackhole']]]],
      [{ alertname: 'Disk' }, 'pager', [['0a', ['pager', 'pager']]]],
      [{ alertname: 'Disk' }, 'pager', [['0a', ['pager', 'pager']]]],
      [{ alertname: 'Disk' }, 'team', [['ff', ['team']]]],
    ]);
    // The receiver parameter keeps routes by their receiver; an alert then lists the kept ones.
    const kept = alertGroups(
      [
        {
          alert: alert('0a', { alertname: 'Disk' }),
          matches: [match('root/0', ['x'], disk, 'pager'), match('root', ['y'], disk, 'team')],
        },
      ],
      (name) => name === 'team',
    );
    expect(kept.map((g) => [g.receiver.name, g.alerts[0]!.receivers])).toEqual([
      ['team', [{ name: 'team' }]],
    ]);
  });

  it("groups by Prometheus' label set order (fewer labels first), alerts by job, instance, then labels", () => {
    const one = JSON.stringify([['b', '1']]);
    const two = JSON.stringify([
      ['a', '1'],
      ['b', '1'],
    ]);
    const groups = alertGroups([
      { alert: alert('01', { a: '1', b: '1', instance: 'z' }), matches: [match('root', [], two, 'r')] },
      {
        alert: alert('02', { a: '1', b: '1', job: 'j', instance: 'y' }),
        matches: [match('root', [], two, 'r')],
      },
      { alert: alert('03', { b: '1' }), matches: [match('root/0', [], one, 'r')] },
    ]);
    expect(groups.map((g) => [g.labels, g.alerts.map((a) => a.fingerprint)])).toEqual([
      [{ b: '1' }, ['03']],
      [{ a: '1', b: '1' }, ['02', '01']],
    ]);
  });
});
