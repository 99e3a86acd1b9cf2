import { describe, expect, it } from 'vitest';
import { matchesFilter, passesState } from '../../src/api/alert-views.ts';
import { configOriginal, configReceivers } from '../../src/api/config-original.ts';
import { silenceMatchesFilter, sortSilences } from '../../src/api/silences-api.ts';
import { statusJson } from '../../src/api/status-api.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import { labelsFingerprint, parsePostableAlerts } from '../../src/events/alertmanager-alert.ts';
import { parseMatcher } from '../../src/router/label-matcher.ts';
import type { Silence } from '../../src/silences/silence.ts';

const T0 = Date.UTC(2030, 0, 1);

describe('labelsFingerprint (Alertmanager 0.25 answered these for the same label sets)', () => {
  it.each([
    ['one label', { given: { alertname: 'A' }, want: 'd2c6efc389df0927' }],
    [
      'three labels, given out of order',
      { given: { severity: 'critical', alertname: 'Disk', instance: 'db-1:9100' }, want: 'a3b4228b1946ed96' },
    ],
    ['non-ASCII value (UTF-8 bytes, astral plane)', { given: { a: 'ü€😀' }, want: '0fc97ca8157b304c' }],
    [
      "a tracker alert's routing labels",
      {
        given: { tracker_id: 'trk_1', event: 'tracker.alert', signal: 'Poor', bound: 'lower', score: '-0.5' },
        want: 'feb0622ceee2a479',
      },
    ],
    ['no labels (the FNV-1a offset basis)', { given: {}, want: 'cbf29ce484222325' }],
  ])('%s', (_name, { given, want }) => {
    expect(labelsFingerprint(given)).toBe(want);
  });
});

describe('parsePostableAlerts (POST /api/v2/alerts)', () => {
  const iso = (ms: number) => new Date(ms).toISOString();
  it.each([
    ['not an array', { given: { labels: { a: 'b' } }, want: /^\(body\): must be a JSON array/ }],
    ['an entry not an object', { given: [7], want: /^alerts\.0: must be an object with labels/ }],
    ['labels missing', { given: [{ annotations: {} }], want: /^alerts\.0\.labels: required/ }],
    [
      'labels all empty',
      { given: [{ labels: { a: '' } }], want: /^alerts\.0\.labels: at least one label pair/ },
    ],
    [
      'a bad label name',
      { given: [{ labels: { '0bad': 'x' } }], want: /^alerts\.0\.labels\.0bad: invalid name/ },
    ],
    [
      'a colon in a label name',
      { given: [{ labels: { 'a:b': 'x' } }], want: /^alerts\.0\.labels\.a:b: invalid name/ },
    ],
    [
      'a value not a string',
      { given: [{ labels: { a: 1 } }], want: /^alerts\.0\.labels\.a: must be a string/ },
    ],
    [
      'a lone surrogate',
      { given: [{ labels: { a: '\ud800' } }], want: /^alerts\.0\.labels\.a: not valid UTF-8/ },
    ],
    [
      'a bad annotation name',
      {
        given: [{ labels: { a: 'b' }, annotations: { 'x-y': 'z' } }],
        want: /^alerts\.0\.annotations\.x-y: invalid name/,
      },
    ],
    [
      'a bad date',
      {
        given: [{ labels: { a: 'b' }, startsAt: 'soon' }],
        want: /^alerts\.0\.startsAt: must be an RFC 3339/,
      },
    ],
    [
      'an end before the start',
      {
        given: [{ labels: { a: 'b' }, startsAt: iso(T0), endsAt: iso(T0 - 1) }],
        want: /^alerts\.0\.endsAt: start time must be before end time/,
      },
    ],
    [
      'generatorURL not a string',
      {
        given: [{ labels: { a: 'b' }, generatorURL: 3 }],
        want: /^alerts\.0\.generatorURL: must be a string/,
      },
    ],
  ])('%s is refused naming the field', (_name, { given, want }) => {
    const { alerts, problems } = parsePostableAlerts(given, T0);
    expect(alerts).toEqual([]);
    expect(problems[0]).toMatch(want);
  });

  it("reads Go's zero times as unset (amtool sends them): starts now, ends resolve_timeout (5m) later", () => {
    const zero = '0001-01-01T00:00:00.000Z';
    const { alerts, problems } = parsePostableAlerts(
      [{ labels: { alertname: 'X', empty: '' }, startsAt: zero, endsAt: zero, generatorURL: '' }],
      T0,
    );
    expect(problems).toEqual([]);
    expect(alerts[0]).toMatchObject({
      firing: true,
      startsAtMs: T0,
      event: {
        type: 'alertmanager.alert',
        data: {
          status: 'firing',
          labels: { alertname: 'X' },
          startsAt: iso(T0),
          endsAt: iso(T0 + 5 * 60_000),
          timeout: true,
          fingerprint: labelsFingerprint({ alertname: 'X' }),
        },
      },
    });
  });

  it('an end not after now resolves; a missing start is the end (as Alertmanager)', () => {
    const { alerts } = parsePostableAlerts([{ labels: { a: 'b' }, endsAt: iso(T0 - 5000) }], T0);
    expect(alerts[0]).toMatchObject({
      firing: false,
      startsAtMs: T0 - 5000,
      event: { data: { status: 'resolved' } },
    });
    const ahead = parsePostableAlerts([{ labels: { a: 'b' }, endsAt: iso(T0 + 5000) }], T0).alerts[0]!;
    expect(ahead.firing).toBe(true);
  });

  it('a label named __proto__ is a label like any other', () => {
    const { alerts } = parsePostableAlerts(JSON.parse('[{"labels":{"__proto__":"x","a":"b"}}]'), T0);
    const labels = alerts[0]!.event.data.labels;
    expect(Object.keys(labels)).toEqual(['__proto__', 'a']);
    expect(JSON.parse(JSON.stringify(alerts[0]!.event)).data.labels).toEqual(
      JSON.parse('{"__proto__":"x","a":"b"}'),
    );
  });

  it('takes the valid alerts and names the others', () => {
    const { alerts, problems } = parsePostableAlerts(
      [{ labels: { a: '1' } }, { labels: {} }, { labels: { a: '3' } }],
      T0,
    );
    expect(alerts.map((a) => a.event.data.labels.a)).toEqual(['1', '3']);
    expect(problems).toEqual(['alerts.1.labels: at least one label pair required']);
  });
});

describe("GET /api/v2/alerts filters (Alertmanager's matchFilterLabels)", () => {
  const labels = { alertname: 'Disk', severity: 'critical' };
  it.each([
    ['equal', { given: 'alertname=Disk', want: true }],
    ['equal, other value', { given: 'alertname=CPU', want: false }],
    ['regex, anchored', { given: 'severity=~"crit"', want: false }],
    ['regex', { given: 'severity=~"crit.*"', want: true }],
    ['not equal', { given: 'severity!=warning', want: true }],
    ['=~ on an absent label', { given: 'team=~".+"', want: false }],
    ['="" on an absent label passes', { given: 'team=""', want: true }],
    ['="" on a present label fails', { given: 'alertname=""', want: false }],
    ['!="" on a present label passes', { given: 'alertname!=""', want: true }],
    ['!="" on an absent label fails', { given: 'team!=""', want: false }],
  ])('%s', (_name, { given, want }) => {
    expect(matchesFilter([parseMatcher(given)], labels)).toBe(want);
  });

  it.each([
    ['active shown by default', { status: 'active', by: [[], []], filter: {}, want: true }],
    ['active hidden', { status: 'active', by: [[], []], filter: { active: false }, want: false }],
    ['silenced hidden', { status: 'suppressed', by: [['s1'], []], filter: { silenced: false }, want: false }],
    [
      'inhibited hidden',
      { status: 'suppressed', by: [[], ['f1']], filter: { inhibited: false }, want: false },
    ],
    [
      'silenced kept when only inhibited are hidden',
      { status: 'suppressed', by: [['s1'], []], filter: { inhibited: false }, want: true },
    ],
  ] as const)('%s', (_name, { status, by, filter, want }) => {
    const s = { state: status, silencedBy: [...by[0]], inhibitedBy: [...by[1]] };
    expect(passesState(s, { active: true, silenced: true, inhibited: true, ...filter })).toBe(want);
  });
});

describe('silences v2: filter and order as Alertmanager', () => {
  const silence = (id: string, startsAt: number, endsAt: number): Silence => ({
    id,
    matchers: [
      { name: 'alertname', value: 'Disk', isRegex: false, isEqual: true },
      { name: 'team', value: 'db|ops', isRegex: true, isEqual: true },
    ],
    startsAt,
    endsAt,
    createdBy: 'ops',
    comment: 'c',
    updatedAt: startsAt,
  });

  it.each([
    [
      'one of its matchers',
      { given: [{ name: 'alertname', value: 'Disk', isRegex: false, isEqual: true }], want: true },
    ],
    [
      'both',
      {
        given: [
          { name: 'alertname', value: 'Disk', isRegex: false, isEqual: true },
          { name: 'team', value: 'db|ops', isRegex: true, isEqual: true },
        ],
        want: true,
      },
    ],
    [
      'a label value it would match, but not its matcher',
      { given: [{ name: 'team', value: 'db', isRegex: false, isEqual: true }], want: false },
    ],
    [
      'same name and value, another operator',
      { given: [{ name: 'alertname', value: 'Disk', isRegex: false, isEqual: false }], want: false },
    ],
    ['no filter', { given: [], want: true }],
  ])('%s', (_name, { given, want }) => {
    expect(silenceMatchesFilter(silence('s', T0, T0 + 1), given)).toBe(want);
  });

  it('active (ending soonest first), then pending (starting soonest), then expired (ended last first)', () => {
    const now = T0;
    const order = sortSilences(
      [
        silence('expired-early', T0 - 900, T0 - 500),
        silence('pending-late', T0 + 900, T0 + 2000),
        silence('active-long', T0 - 10, T0 + 900),
        silence('expired-late', T0 - 900, T0 - 100),
        silence('active-short', T0 - 10, T0 + 100),
        silence('pending-soon', T0 + 100, T0 + 2000),
      ],
      now,
    ).map((s) => s.id);
    expect(order).toEqual([
      'active-short',
      'active-long',
      'pending-soon',
      'pending-late',
      'expired-late',
      'expired-early',
    ]);
  });
});

describe('GET /api/v2/status', () => {
  const SLACK = 'https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXX';
  const config = loadConfig(
    {
      server: { admin_token: { env: 'TOKEN' } },
      storage: { url: { env: 'DB' } },
      sources: [{ name: 'tracker', path: '/hooks', secret: { env: 'SECRET' } }],
      destinations: [{ name: 'chat', type: 'slack', url: { env: 'SLACK' } }],
      route: {
        destination: 'chat',
        routes: [{ matchers: ['signal=~"Poor|Negative"'], destination: 'chat' }],
      },
    },
    {
      env: {
        TOKEN: 'admin-token-0123456789',
        DB: 'postgres://u:db-password-0123@127.0.0.1/x',
        SECRET: `whsec_${Buffer.from('status-test-secret-0123456789').toString('base64')}`,
        SLACK,
      },
    },
  );

  it('config.original is Alertmanager YAML of the earlier words: destinations as receivers, no source, no credential', () => {
    const original = configOriginal(config);
    expect(original).toContain('receiver: chat');
    expect(original).toContain('signal=~"Poor|Negative"');
    expect(configReceivers(config)).toEqual(['chat']);
    for (const secret of [
      'admin-token-0123456789',
      'db-password-0123',
      'hooks.slack.com',
      'XXXXXXXX',
      'whsec_',
      '/hooks',
    ])
      expect(original).not.toContain(secret);
  });

  it("has every field amtool reads: cluster, versionInfo (Alertmanager's API level), config, uptime", () => {
    const status = statusJson(config, T0);
    expect(status).toMatchObject({
      cluster: { status: 'disabled', peers: [] },
      versionInfo: { version: '0.25.0', revision: expect.stringMatching(/^@trackerkit\/webhooks \d/) },
      config: { original: expect.any(String) },
      uptime: new Date(T0).toISOString(),
    });
    for (const key of ['version', 'revision', 'branch', 'buildUser', 'buildDate', 'goVersion'])
      expect(typeof (status.versionInfo as Record<string, unknown>)[key]).toBe('string');
  });
});
