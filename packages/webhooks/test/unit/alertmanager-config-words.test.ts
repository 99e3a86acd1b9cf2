import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.ts';
import { destinationSecrets } from '../../src/config/secret-values.ts';
import type { Config } from '../../src/config/types.ts';
import { ALERTMANAGER_ALERT, type AlertmanagerAlertEvent } from '../../src/events/alertmanager-alert.ts';
import { matchRouteTree } from '../../src/router/match-route-tree.ts';
import { SECRET } from '../helpers/alerts.ts';

// The words operators write in alertmanager.yml that Alertmanager takes: labels called `env`,
// merge keys, numbers and booleans in `match`, `location: Local`, and secrets in `*_file`.
const dir = mkdtempSync(join(tmpdir(), 'tk-amwords-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { TRACKERKIT_WEBHOOKS_SECRET: SECRET };

let files = 0;
function loadText(text: string, e: Record<string, string> = env): Config {
  const file = join(dir, `c-${files++}.yml`);
  writeFileSync(file, text);
  return loadConfig(file, { env: e });
}
function problemsOf(text: string, e: Record<string, string> = env): string {
  try {
    loadText(text, e);
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
}

const alert = (labels: Record<string, string>): AlertmanagerAlertEvent => ({
  type: ALERTMANAGER_ALERT,
  timestamp: '2026-01-05T10:00:00Z',
  data: {
    status: 'firing',
    labels,
    annotations: {},
    startsAt: '2026-01-05T10:00:00Z',
    endsAt: null,
    generatorURL: '',
    fingerprint: '',
  },
});
const receiversOf = (c: Config, labels: Record<string, string>) =>
  matchRouteTree(c.route, alert(labels), Date.parse('2026-01-05T10:00:00Z'))
    .map((m) => m.receiver)
    .join(',');

/** Two receivers and a route to `hit` under `match`, the rest to `miss`. */
const routed = (match: string) => `
receivers: [{name: miss}, {name: hit}]
route:
  receiver: miss
  routes:
    - receiver: hit
      ${match}
`;

describe('label maps are labels, never secret references', () => {
  it.each([
    ['a route match', routed('match: {env: production}')],
    ['a route match_re', routed('match_re: {env: prod.*}')],
    [
      'an inhibit rule',
      `${routed('match: {env: production}')}
inhibit_rules:
  - source_match: {env: production}
    target_match_re: {env: staging}
    equal: [env]`,
    ],
  ])('%s with a label called env loads and routes on it', (_, text) => {
    const c = loadText(text);
    expect(receiversOf(c, { env: 'production' })).toBe('hit');
    expect(receiversOf(c, { env: 'staging' })).toBe('miss');
  });

  it('a secret field still reads { env: NAME }, and names it when unset', () => {
    const text = `
receivers:
  - name: hook
    webhook_configs:
      - url: http://127.0.0.1:9/hook
        http_config: {bearer_token: {env: HOOK_TOKEN}}
route: {receiver: hook, routes: [{receiver: hook, match: {env: HOOK_TOKEN}}]}
`;
    const c = loadText(text, { ...env, HOOK_TOKEN: 'hook-token-from-env-0123' });
    expect(destinationSecrets(c.destinations[0]!)).toContain('hook-token-from-env-0123');
    const problems = problemsOf(text);
    expect(problems).toContain(
      'receivers.0.webhook_configs.0.http_config.bearer_token: environment variable HOOK_TOKEN is not set',
    );
    expect(problems).not.toContain('route.routes.0.match');
  });
});

describe('scalars in match and match_re are their text as written, as Go reads them', () => {
  it.each([
    ['an integer', 'match: {code: 500}', { code: '500' }, { code: '501' }],
    ['a boolean', 'match: {canary: true}', { canary: 'true' }, { canary: 'false' }],
    ['a capitalised boolean', 'match: {canary: True}', { canary: 'True' }, { canary: 'true' }],
    ['a float keeps its zeros', 'match: {ratio: 1.50}', { ratio: '1.50' }, { ratio: '1.5' }],
    ['a hexadecimal integer', 'match: {code: 0x1F4}', { code: '0x1F4' }, { code: '500' }],
    ['a null is the empty value (label absent)', 'match: {team: ~}', {}, { team: 'a' }],
    ['an integer regex', 'match_re: {code: 5}', { code: '5' }, { code: '50' }],
  ])('%s', (_, match, hit, miss) => {
    const c = loadText(routed(match));
    expect(receiversOf(c, hit)).toBe('hit');
    expect(receiversOf(c, miss)).toBe('miss');
  });

  it('in inhibit rules too', () => {
    const c = loadText(`${routed('match: {code: 500}')}
inhibit_rules: [{source_match: {code: 500}, target_match: {up: false}}]`);
    const [rule] = c.inhibitRules!;
    expect(rule!.sourceMatchers.map((m) => [m.name, m.value])).toEqual([['code', '500']]);
    expect(rule!.targetMatchers.map((m) => [m.name, m.value])).toEqual([['up', 'false']]);
  });

  it('in a configuration given as an object', () => {
    const c = loadConfig(
      {
        receivers: [{ name: 'miss' }, { name: 'hit' }],
        route: { receiver: 'miss', routes: [{ receiver: 'hit', match: { code: 500, canary: true } }] },
      },
      { env },
    );
    expect(receiversOf(c, { code: '500', canary: 'true' })).toBe('hit');
  });
});

describe('YAML merge keys', () => {
  it('an integration written once and merged into others, its keys overridden', () => {
    const c = loadText(`
receivers:
  - name: a
    webhook_configs:
      - &hook
        url: http://127.0.0.1:9/hook
        send_resolved: false
        max_alerts: 5
  - name: b
    webhook_configs:
      - <<: *hook
        send_resolved: true
route:
  receiver: a
  routes:
    - &team {receiver: b, group_wait: 1s, match: {team: x}, continue: true}
    - <<: *team
      receiver: a
`);
    expect(c.destinations.map((d) => [d.name, 'sendResolved' in d && d.sendResolved])).toEqual([
      ['a/webhook[0]', false],
      ['b/webhook[0]', true],
    ]);
    expect(c.destinations[1]).toMatchObject({ url: 'http://127.0.0.1:9/hook', maxAlerts: 5 });
    expect(receiversOf(c, { team: 'x' })).toBe('b,a');
    expect(c.route.routes![1]!.groupWaitMs).toBe(1000);
  });

  // What `amtool config routes test` answers for these trees (Go's yaml.v2 reads a mapping in
  // order, a merge writing at its place, and adds to label maps and matcher lists already read).
  it.each([
    [
      'a label map written after a merge adds to the merged one',
      '- <<: *team\n      receiver: b\n      match: {code: 500}',
      [
        [{ code: '500', x: '1' }, 'root'],
        [{ code: '500', env: 'production' }, 'root'],
        [{ code: '500', env: 'production', x: '1' }, 'b'],
      ],
    ],
    [
      'matchers written after a merge are appended to the merged ones',
      '- <<: *team\n      receiver: b\n      matchers: [\'code="500"\']',
      [
        [{ code: '500', env: 'production' }, 'root'],
        [{ code: '500', env: 'production', x: '1' }, 'b'],
      ],
    ],
    [
      'a key written before a merge is overridden by it',
      '- receiver: b\n      <<: *team',
      [[{ env: 'production', x: '1' }, 'a']],
    ],
    [
      'of a list of merges, the first listed wins',
      '- <<: [*other, *team]\n      matchers: []',
      [[{ env: 'production', x: '1' }, 'b']],
    ],
  ])('%s', (_, second, want) => {
    const c = loadText(`
receivers: [{name: root}, {name: a}, {name: b}]
route:
  receiver: root
  routes:
    - &team {receiver: a, match: {env: production}, matchers: ['x="1"'], continue: false, group_wait: 1s}
    - &other {receiver: b, group_wait: 1s}
    ${second}
`);
    const second0 = c.route.routes![2]!;
    expect(second0.groupWaitMs).toBe(1000);
    for (const [labels, receiver] of want as Array<[Record<string, string>, string]>) {
      // The first two routes would take these alerts first: the third is tried alone.
      expect([labels, receiversOf({ ...c, route: { ...c.route, routes: [second0] } }, labels)]).toEqual([
        labels,
        receiver,
      ]);
    }
  });

  it.each([
    ['a merge and a label after it', '- <<: *team\n      match: {env: staging}'],
    ['two merges', '- &staging {match: {env: staging}}\n    - <<: [*team, *staging]'],
    ['a merge inside the label map', '- match: {<<: {env: staging}, env: production}'],
  ])('a label given twice through %s is refused, as Go refuses it', (_, second) => {
    expect(
      problemsOf(`
receivers: [{name: a}]
route:
  receiver: a
  routes:
    - &team {receiver: a, match: {env: production}}
    ${second}
`),
    ).toContain('(file): label "env" is given twice to one label map through a merge key (<<)');
  });

  it('a merge of something other than a map is refused, naming the file', () => {
    expect(
      problemsOf(`
receivers: [{name: a, webhook_configs: [{<<: [1, 2], url: "http://127.0.0.1:9/x"}]}]
route: {receiver: a}`),
    ).toContain('(file): a merge key (<<) takes a mapping or a list of mappings');
  });
});

describe('location in time intervals, as Go loads it', () => {
  const interval = (location: string) => `
receivers: [{name: a}]
route: {receiver: a, routes: [{receiver: a, mute_time_intervals: [x]}]}
time_intervals: [{name: x, time_intervals: [{weekdays: [monday], location: ${JSON.stringify(location)}}]}]
`;
  const zoneOf = (c: Config) => c.route.routes![0]!.muteWindows![0]!.timezone;

  it.each([
    ['Local is the zone this process runs in', 'Local', new Intl.DateTimeFormat().resolvedOptions().timeZone],
    ['UTC', 'UTC', 'UTC'],
    ['empty is UTC', '', 'UTC'],
    ['a zone name', 'Europe/Berlin', 'Europe/Berlin'],
    ['an older name', 'US/Eastern', 'US/Eastern'],
  ])('%s', (_, location, zone) => {
    expect(zoneOf(loadText(interval(location)))).toBe(zone);
  });

  it.each([
    ['a name in the wrong case', 'europe/berlin'],
    ['utc in lower case', 'utc'],
    ['an offset', '+01:00'],
    ['an unknown zone', 'Mars/Olympus_Mons'],
  ])('refuses %s at load, naming the key', (_, location) => {
    expect(problemsOf(interval(location))).toContain(
      'time_intervals.0.time_intervals.0.location: must be Local, UTC or a time zone name',
    );
  });
});

describe("Alertmanager's *_file secrets: read at load, trimmed", () => {
  const secrets = join(dir, 'secrets');
  mkdirSync(secrets, { recursive: true });
  writeFileSync(join(secrets, 'slack-url'), '  https://hooks.slack.test/services/T0/B0/from-file\n');
  writeFileSync(join(secrets, 'key'), 'key-from-file-0123456789\n\n');
  writeFileSync(join(secrets, 'empty'), ' \n');
  writeFileSync(join(secrets, 'large'), 'x'.repeat(65 * 1024));

  const cases: Array<[string, { given: string; want: Record<string, unknown> }]> = [
    [
      'slack api_url_file',
      {
        given: 'slack_configs: [{api_url_file: secrets/slack-url}]',
        want: { url: 'https://hooks.slack.test/services/T0/B0/from-file' },
      },
    ],
    [
      'pagerduty routing_key_file',
      {
        given: 'pagerduty_configs: [{routing_key_file: secrets/key}]',
        want: { routingKey: 'key-from-file-0123456789' },
      },
    ],
    [
      'pagerduty service_key_file',
      {
        given: 'pagerduty_configs: [{service_key_file: secrets/key}]',
        want: { events: 'v1', routingKey: 'key-from-file-0123456789' },
      },
    ],
    [
      'basic_auth password_file',
      {
        given:
          'webhook_configs: [{url: "http://127.0.0.1:9/x", http_config: {basic_auth: {username: am, password_file: secrets/key}}}]',
        want: {
          headers: {
            Authorization: `Basic ${Buffer.from('am:key-from-file-0123456789').toString('base64')}`,
          },
        },
      },
    ],
    [
      'authorization credentials_file',
      {
        given:
          'webhook_configs: [{url: "http://127.0.0.1:9/x", http_config: {authorization: {credentials_file: secrets/key}}}]',
        want: { headers: { Authorization: 'Bearer key-from-file-0123456789' } },
      },
    ],
    [
      'email auth_password_file',
      {
        given:
          'email_configs: [{to: a@example.test, from: b@example.test, smarthost: "127.0.0.1:25", auth_username: am, auth_password_file: secrets/key}]',
        want: { smtp: expect.objectContaining({ pass: 'key-from-file-0123456789' }) },
      },
    ],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    const c = loadText(`receivers: [{name: r, ${given}}]\nroute: {receiver: r}`);
    expect(c.destinations[0]).toMatchObject(want);
  });

  it('the global slack_api_url_file fills in for a Slack integration without its own', () => {
    const c = loadText(`
global: {slack_api_url_file: ${join(secrets, 'slack-url')}}
receivers: [{name: r, slack_configs: [{channel: '#ops'}]}]
route: {receiver: r}`);
    expect(c.destinations[0]).toMatchObject({ url: 'https://hooks.slack.test/services/T0/B0/from-file' });
  });

  it.each([
    ['missing', 'secrets/none', /cannot read \/.*\/secrets\/none \(ENOENT\)/],
    ['empty', 'secrets/empty', /\/.*\/secrets\/empty is empty/],
    ['a directory', 'secrets', /\/.*\/secrets is not a regular file/],
    ['too large', 'secrets/large', /\/.*\/secrets\/large is larger than 64 KiB/],
  ])('a %s file fails check, naming the key and the path', (_, path, why) => {
    const problems = problemsOf(
      `receivers: [{name: r, pagerduty_configs: [{routing_key_file: ${path}}]}]\nroute: {receiver: r}`,
    );
    expect(problems).toMatch(
      new RegExp(`receivers\\.0\\.pagerduty_configs\\.0\\.routing_key_file: ${why.source}`),
    );
  });

  it('a URL read from a file is checked as a URL', () => {
    expect(
      problemsOf(
        `receivers: [{name: r, slack_configs: [{api_url_file: secrets/key}]}]\nroute: {receiver: r}`,
      ),
    ).toContain('receivers.0.slack_configs.0.api_url: must be an http:// or https:// URL');
  });
});
