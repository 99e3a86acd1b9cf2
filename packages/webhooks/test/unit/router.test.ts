import { describe, expect, it } from 'vitest';
import { createRouter } from '../../src/router/create-router.ts';
import { isMuted } from '../../src/router/is-muted.ts';
import {
  alertLabels,
  matcherString,
  matchesLabel,
  parseMatcher,
  parseMatchers,
} from '../../src/router/label-matcher.ts';
import { matchRouteTree } from '../../src/router/match-route-tree.ts';
import { resolveRouteTree } from '../../src/router/resolve-route-tree.ts';
import type { RouteNode } from '../../src/router/types.ts';
import { exampleAlert, exampleResolved } from '../helpers/alerts.ts';
import { RE2_MATCHES, RE2_REFUSED } from '../helpers/re2-cases.ts';

const tree: RouteNode = {
  destinations: ['default'],
  repeatIntervalMs: 1000,
  routes: [
    { name: 'audit', destinations: ['audit'], continue: true },
    {
      name: 'acme',
      matchers: { trackerName: ['ACME *'] },
      destinations: ['acme-slack'],
      routes: [
        { name: 'pager', matchers: { signal: ['Poor'], bound: ['lower'] }, destinations: ['pagerduty'] },
        { name: 'low', matchers: { score: { max: 3 } } },
      ],
    },
    { name: 'space', matchers: { spaceId: ['spc_other'] }, destinations: ['space'] },
    { name: 'upper', matchers: { bound: ['upper'] }, destinations: ['upper'], repeatIntervalMs: 0 },
  ],
};

const names = (event: Parameters<typeof matchRouteTree>[1]) =>
  matchRouteTree(tree, event).map((m) => `${m.path}>${m.destinations.join(',')}@${m.repeatIntervalMs}`);

describe('route tree', () => {
  const cases: Array<[string, { given: Parameters<typeof matchRouteTree>[1]; want: string[] }]> = [
    [
      'continue, then depth-first; a child inherits destinations',
      {
        given: exampleAlert({ score: 2 }),
        want: ['root/0:audit>audit@1000', 'root/1:acme/1:low>acme-slack@1000'],
      },
    ],
    [
      'first matching child wins',
      {
        given: exampleAlert({ score: 1, signal: 'Poor' }),
        want: ['root/0:audit>audit@1000', 'root/1:acme/0:pager>pagerduty@1000'],
      },
    ],
    [
      'a node with no matching child handles it itself',
      {
        given: exampleAlert({ score: 4, signal: 'Neutral' }),
        want: ['root/0:audit>audit@1000', 'root/1:acme>acme-slack@1000'],
      },
    ],
    [
      'glob does not match; falls to the bound matcher, own repeat interval',
      {
        given: exampleAlert({ tracker_name: 'Other', bound: 'upper', score: 9, signal: 'Excellent' }),
        want: ['root/0:audit>audit@1000', 'root/3:upper>upper@0'],
      },
    ],
    [
      'only the continue route matched: the root does not also handle it',
      { given: exampleAlert({ tracker_name: 'Other', bound: null }), want: ['root/0:audit>audit@1000'] },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => expect(names(given)).toEqual(want));

  it('matches the bound of a resolved event as none, and by event type', () => {
    const t: RouteNode = {
      destinations: ['d'],
      routes: [
        { matchers: { event: ['tracker.alert.resolved'], bound: ['none'] }, destinations: ['resolved'] },
        { matchers: { bound: ['none'] }, destinations: ['never'] },
      ],
    };
    expect(matchRouteTree(t, exampleResolved())[0]!.destinations).toEqual(['resolved']);
    expect(matchRouteTree(t, exampleAlert())[0]!.destinations).toEqual(['d']);
  });

  it('marks muted windows (weekday ranges, times past midnight, time zones)', () => {
    const saturday2330 = Date.UTC(2026, 10, 21, 23, 30);
    expect(isMuted([{ weekdays: ['saturday:sunday'] }], saturday2330)).toBe(true);
    expect(isMuted([{ weekdays: ['monday:friday'] }], saturday2330)).toBe(false);
    expect(isMuted([{ times: [{ start: '22:00', end: '06:00' }] }], saturday2330)).toBe(true);
    expect(isMuted([{ times: [{ start: '09:00', end: '17:00' }] }], saturday2330)).toBe(false);
    expect(isMuted([{ weekdays: ['sunday'], timezone: 'Europe/Berlin' }], saturday2330)).toBe(true);
  });

  it('mute and active windows belong to their route: children do not inherit them (Alertmanager)', () => {
    const saturday2330 = Date.UTC(2026, 10, 21, 23, 30);
    const weekend = [{ weekdays: ['saturday:sunday'] }];
    const t: RouteNode = {
      destinations: ['d'],
      muteWindows: weekend,
      routes: [
        { matchers: { bound: ['upper'] }, destinations: ['x'] },
        { matchers: { bound: ['lower'] }, activeWindows: [{ weekdays: ['monday:friday'] }] },
      ],
    };
    const at = (bound: 'lower' | 'upper' | null) =>
      matchRouteTree(t, exampleAlert({ bound }), saturday2330).map((m) => [m.destinations[0], m.muted]);
    expect(at('upper')).toEqual([['x', false]]); // the parent's mute window is not the child's
    expect(at('lower')).toEqual([['d', true]]); // destination inherited, outside its active window
    expect(at(null)).toEqual([['d', true]]); // the root itself is muted
  });
});

describe('Alertmanager matchers', () => {
  const tree = (matchers: string[]): RouteNode => ({
    destinations: ['root'],
    routes: [{ matchers: { labels: matchers.map(parseMatcher) }, destinations: ['hit'] }],
  });
  const hit = (matchers: string[], event = exampleAlert({ signal: 'Poor', bound: 'lower' })) =>
    matchRouteTree(tree(matchers), event)[0]!.destinations[0] === 'hit';
  const cases: Array<[string, { given: string[]; want: boolean }]> = [
    ['= equal', { given: ['signal=Poor'], want: true }],
    ['= quoted', { given: ['signal="Poor"'], want: true }],
    ['!= different', { given: ['bound!=upper'], want: true }],
    ['!= same', { given: ['bound!=lower'], want: false }],
    ['=~ alternation', { given: ['signal=~"Poor|Negative"'], want: true }],
    ['=~ is anchored at both ends', { given: ['signal=~Po'], want: false }],
    ['=~ anchored, not a prefix of an alternative', { given: ['signal=~"P|Poo"'], want: false }],
    ['!~ anchored', { given: ['signal!~"Neg.*"'], want: true }],
    ['!~ matching', { given: ['signal!~"P.*"'], want: false }],
    ['all must hold', { given: ['signal=Poor', 'bound=upper'], want: false }],
    ['a missing label is the empty string', { given: ['nothing=""', 'nothing!~".+"'], want: true }],
    ['event label', { given: ['event="tracker.alert"'], want: true }],
    ['bound none for a null bound', { given: ['bound=none'], want: false }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => expect(hit(given)).toBe(want));

  it('labels an alert as Alertmanager sees it', () => {
    const resolved = exampleResolved();
    expect(alertLabels(resolved)).toMatchObject({ event: 'tracker.alert.resolved', bound: 'none' });
    expect(alertLabels(exampleAlert({ bound: 'lower', score: 2 }))).toMatchObject({
      event: 'tracker.alert',
      bound: 'lower',
      score: '2',
    });
  });

  it('parses quotes and escapes as Alertmanager does, and names what is wrong', () => {
    expect(parseMatcher(' tracker_name = "ACME \\"x\\" \\n" ')).toMatchObject({
      name: 'tracker_name',
      op: '=',
      value: 'ACME "x" \n',
    });
    expect(parseMatcher('a=b\\d')).toMatchObject({ value: 'b\\d' });
    expect(() => parseMatcher('signal')).toThrow(/bad matcher "signal"/);
    expect(() => parseMatcher('9a=b')).toThrow(/bad matcher/);
    expect(() => parseMatcher('a="b')).toThrow(/unescaped double quote/);
    expect(() => parseMatcher('a=b"c')).toThrow(/unescaped double quote/);
    expect(() => parseMatcher('a=~"("')).toThrow(/invalid regular expression/);
  });
});

describe('createRouter', () => {
  it('runs on() handlers by event name, onAny for all, and removes them', async () => {
    const router = createRouter();
    const seen: string[] = [];
    const onAlert = (e: { data: { tracker_name: string } }) => void seen.push(`alert:${e.data.tracker_name}`);
    router.on('tracker.alert', onAlert);
    router.on(['tracker.alert.resolved'], (e) => void seen.push(`resolved:${e.data.score}`));
    router.onAny((e) => void seen.push(`any:${e.type}`));
    router.onUnknown((e) => void seen.push(`unknown:${e.type}`));
    await router.receive(exampleAlert());
    await router.receive(exampleResolved());
    await router.receive({ type: 'tracker.new_thing' });
    router.removeListener('tracker.alert', onAlert);
    await router.receive(exampleAlert());
    expect(seen).toEqual([
      'alert:ACME supplier risk',
      'any:tracker.alert',
      'resolved:6',
      'any:tracker.alert.resolved',
      'unknown:tracker.new_thing',
      'any:tracker.new_thing',
      'any:tracker.alert',
    ]);
  });

  it('aggregates handler failures with the package prefix', async () => {
    const router = createRouter();
    router.on('tracker.alert', () => {
      throw new Error('boom');
    });
    await expect(router.receive(exampleAlert())).rejects.toThrow(/^@trackerkit\/webhooks: 1 handler/);
  });

  it('sends unknown event types only to the catch-all', () => {
    const router = createRouter({ route: tree, catchAll: ['archive'] });
    expect(router.match({ type: 'tracker.other' })).toEqual([
      { path: 'catch_all', destinations: ['archive'], repeatIntervalMs: 0, muted: false },
    ]);
    expect(createRouter({ route: tree }).match({ type: 'tracker.other' })).toEqual([]);
    expect(router.match(exampleAlert()).flatMap((m) => m.destinations)).not.toContain('archive');
  });

  it('refuses matchers on the root route (Alertmanager: the root matches everything)', () => {
    expect(() => createRouter({ route: { destinations: ['d'], matchers: { signal: ['Poor'] } } })).toThrow(
      /route\.matchers: the root route matches every alert/,
    );
  });

  it('refuses a tree built in code with the old receivers key instead of routing nowhere', () => {
    const old = { destinations: ['d'], routes: [{ receivers: ['x'] }] } as unknown as RouteNode;
    expect(() => createRouter({ route: old })).toThrow(
      'route.routes.0.receivers: renamed to destinations (a route names the destinations it delivers to)',
    );
  });
});

describe("matchers with Go's RE2 semantics (as Alertmanager compiles them)", () => {
  it.each(RE2_MATCHES)('%s', (_name, { given: [text, value], want }) => {
    const m = parseMatcher(text);
    const labels = { x: value };
    expect(matchesLabel(m, labels[m.name as 'x'])).toBe(want);
  });

  it.each(RE2_REFUSED)('refuses %s, naming the matcher', (_name, { given, want }) => {
    expect(() => parseMatcher(given)).toThrow(want);
    expect(() => parseMatcher(given)).toThrow(`matcher ${JSON.stringify(given)}: invalid regular expression`);
  });

  it('keeps (?P<name>...) and the \\(?< of an escape or a class', () => {
    expect(matchesLabel(parseMatcher('x=~"(?P<n>a)"'), 'a')).toBe(true);
    expect(matchesLabel(parseMatcher('x=~"\\\\(?<"'), '<')).toBe(true);
    expect(matchesLabel(parseMatcher('x=~"[(?<]+"'), '(?<')).toBe(true);
    expect(matchesLabel(parseMatcher('x=~"\\\\Q(?<\\\\E"'), '(?<')).toBe(true);
  });

  it('trims as Alertmanager: ASCII blanks around a matcher, Go TrimSpace after the last one', () => {
    expect(parseMatcher('x=a\u00a0')).toMatchObject({ value: 'a\u00a0' });
    expect(parseMatchers('x=a\u00a0,y=b').map((m) => m.value)).toEqual(['a\u00a0', 'b']);
    expect(parseMatchers('x=a, y=b\u00a0').map((m) => m.value)).toEqual(['a', 'b']);
    expect(parseMatchers('{x="a,b", y!~"c"}').map(matcherString)).toEqual(['x="a,b"', 'y!~"c"']);
  });

  it('compiles glob matchers with the same engine: ? is one code point', () => {
    const t: RouteNode = {
      destinations: ['root'],
      routes: [{ matchers: { trackerName: ['ACME ?'] }, destinations: ['hit'] }],
    };
    expect(matchRouteTree(t, exampleAlert({ tracker_name: 'ACME 😀' }))[0]!.destinations).toEqual(['hit']);
    expect(matchRouteTree(t, exampleAlert({ tracker_name: 'ACME .x' }))[0]!.destinations).toEqual(['root']);
  });
});

describe('the route tree, resolved once (Alertmanager NewRoute)', () => {
  const amTree = (): RouteNode => ({
    destinations: ['d'],
    receiver: 'default',
    groupBy: ['tracker_id'],
    routes: [
      {
        matchers: { labels: ['signal=~"Poor|Negative"', 'bound="lower"'].flatMap(parseMatchers) },
        routes: [
          {
            matchers: { labels: parseMatchers('tracker_name=~"(?i)acme.*"') },
            destinations: ['p'],
            receiver: 'pager',
          },
        ],
      },
      { matchers: { signal: ['Poor', 'Negative'] }, destinations: ['x'], groupWaitMs: 1000 },
    ],
  });

  it("gives each route Alertmanager's ID() and Key(), matchers sorted by name, value, operator", () => {
    const { root, byPath } = resolveRouteTree(amTree());
    expect(root).toMatchObject({ id: '{}', key: '{}', path: 'root' });
    expect(root.routes[0]).toMatchObject({
      key: '{}/{bound="lower",signal=~"Poor|Negative"}',
      id: '{}/{bound="lower",signal=~"Poor|Negative"}/0',
    });
    expect(root.routes[0]!.routes[0]!.id).toBe(
      '{}/{bound="lower",signal=~"Poor|Negative"}/{tracker_name=~"(?i)acme.*"}/0',
    );
    expect(root.routes[1]!.id).toBe('{}/{signal=~"Poor|Negative"}/1');
    expect([...byPath.keys()]).toEqual(['root', 'root/0', 'root/0/0', 'root/1']);
  });

  it('settles inherited options at load: receiver with destinations, grouping, intervals', () => {
    const { root } = resolveRouteTree(amTree());
    expect(root.routes[0]).toMatchObject({
      receiver: 'default',
      destinations: ['d'],
      groupBy: ['tracker_id'],
    });
    expect(root.routes[0]!.routes[0]).toMatchObject({ receiver: 'pager', destinations: ['p'] });
    // Naming destinations without a receiver names no receiver: the two go together.
    expect(root.routes[1]).toMatchObject({
      destinations: ['x'],
      groupWaitMs: 1000,
      groupIntervalMs: 300_000,
    });
    expect(root.routes[1]!.receiver).toBeUndefined();
  });

  it('matches on the resolved nodes: the same resolution every time, ids and receiver in the match', () => {
    const node = amTree();
    const tree = resolveRouteTree(node);
    expect(resolveRouteTree(node)).toBe(tree);
    const alert = exampleAlert({ signal: 'Poor', bound: 'lower', tracker_name: 'ACME x' });
    const [match] = matchRouteTree(node, alert);
    expect(match).toMatchObject({
      path: 'root/0/0',
      id: '{}/{bound="lower",signal=~"Poor|Negative"}/{tracker_name=~"(?i)acme.*"}/0',
      key: '{}/{bound="lower",signal=~"Poor|Negative"}/{tracker_name=~"(?i)acme.*"}',
      receiver: 'pager',
      destinations: ['p'],
      group: { labels: { tracker_id: alert.data.tracker_id } },
    });
    // The tree was resolved when first used: changing the declaration afterwards changes nothing.
    node.routes![0]!.routes![0]!.destinations = ['changed'];
    expect(matchRouteTree(node, alert)[0]!.destinations).toEqual(['p']);
    expect(matchRouteTree(tree, alert)[0]!.destinations).toEqual(['p']);
  });
});
