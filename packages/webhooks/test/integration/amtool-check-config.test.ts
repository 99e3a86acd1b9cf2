import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadConfig } from '../../src/config/load-config.ts';
import { ALERTMANAGER_ALERT, type AlertmanagerAlertEvent } from '../../src/events/alertmanager-alert.ts';
import { matchRouteTree } from '../../src/router/match-route-tree.ts';
import { SECRET } from '../helpers/alerts.ts';

// `amtool check-config` (Debian's Alertmanager 0.25) and the receiver's `check` judge the same
// alertmanager.yml files: Alertmanager's documented example, Debian's sample, and generated files
// valid and broken in the ways operators break them. Both must accept, or both refuse.
const AMTOOL = spawnSync('amtool', ['--version'], { stdio: 'ignore' }).status === 0;
const GENERATED = 600;
const SEED = 20_260_611;
const run = promisify(execFile);
const env = { TRACKERKIT_WEBHOOKS_SECRET: SECRET };
const fixtures = fileURLToPath(new URL('../fixtures/alertmanager/', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'tk-check-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// What each piece of a file may be: valid most of the time, now and then broken as operators
// break it (so that about half of the files are refused, each for one or two reasons).
const mostly = <T, U>(valid: fc.Arbitrary<T>, broken: fc.Arbitrary<U>, odds = 90) =>
  fc.oneof({ weight: odds, arbitrary: valid }, { weight: 1, arbitrary: broken });
const durationArb = mostly(
  fc.constantFrom('30s', '5m', '1h30m', '1w', '2d12h', '500ms', '10s'),
  fc.constantFrom('5x', '1.5h', ''),
);
const labelArb = mostly(
  fc.constantFrom('alertname', 'cluster', 'service', 'tracker_id', 'signal'),
  fc.constantFrom('a-b', '9x'),
);
const matcherArb = mostly(
  fc.constantFrom(
    'severity="critical"',
    'service=~"foo1|foo2|baz"',
    'signal!~"(?i)poor"',
    'tracker_name=~"[[:upper:]].*"',
    'team=~"a\\sb"',
    'owner!=team-X',
    '{cluster="eu", env=~"prod|staging"}',
  ),
  fc.constantFrom('x=~"(?=a)"', 'bad matcher', 'x=~"[[:foo:]]"', 'x=~"(?<n>a)"'),
);
const urlArb = mostly(
  fc.constantFrom('https://hooks.example.test/am', 'http://127.0.0.1:9/x'),
  fc.constantFrom('ftp://hooks.example.test/x', 'https://'),
);
const httpConfigArb = mostly(
  fc.constantFrom(
    undefined,
    undefined,
    { bearer_token: 'token-0123456789' },
    { basic_auth: { username: 'am', password: 'pw-0123456789' } },
    { authorization: { type: 'Bearer', credentials: 'token-0123456789' } },
    { authorization: { credentials: 'token-0123456789' } },
    { follow_redirects: false, enable_http2: true },
  ),
  fc.constantFrom(
    { basic_auth: { username: 'am', password: 'pw' }, bearer_token: 'token' },
    { authorization: { type: 'Basic', credentials: 'x' } },
    { bearer_token: 't', authorization: { credentials: 'x' } },
  ),
);

const integrationArb = fc.oneof(
  fc
    .record({
      url: mostly(urlArb, fc.constant(undefined)),
      send_resolved: fc.option(fc.boolean(), { nil: undefined }),
      max_alerts: fc.option(fc.nat(20), { nil: undefined }),
      http_config: httpConfigArb,
    })
    .map((w) => ['webhook_configs', w] as const),
  fc
    .record({
      // Without one, the global slack_api_url (if the file has one) is used.
      api_url: fc.option(
        mostly(fc.constant('https://hooks.slack.test/services/T0/B0/x'), fc.constant('ftp://x.test')),
        { nil: undefined, freq: 12 },
      ),
      channel: fc.option(fc.constantFrom('#alerts', '@ops'), { nil: undefined }),
      send_resolved: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map((s) => ['slack_configs', s] as const),
  fc
    .record({
      key: mostly(fc.constantFrom('routing_key', 'service_key'), fc.constant('none')),
      url: fc.option(
        mostly(fc.constant('https://events.pagerduty.com/v2/enqueue'), fc.constant('https://')),
        { nil: undefined },
      ),
    })
    .map(
      ({ key, url }) =>
        [
          'pagerduty_configs',
          { ...(key !== 'none' ? { [key]: 'pd-key-0123456789' } : {}), ...(url ? { url } : {}) },
        ] as const,
    ),
  fc
    .record({
      to: mostly(fc.constant('ops@example.test'), fc.constant('')),
      // Without them, the global smtp_smarthost and smtp_from (if the file has them) are used.
      smarthost: fc.option(
        mostly(
          fc.constantFrom('smtp.example.test:587', 'smtp.example.test:465'),
          fc.constantFrom('nohost', 'host:'),
        ),
        { nil: undefined, freq: 12 },
      ),
      from: fc.option(fc.constant('am@example.test'), { nil: undefined, freq: 12 }),
      require_tls: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map((e) => ['email_configs', e] as const),
  fc
    .record({
      webhook_url: mostly(
        fc.constant('https://discord.test/api/webhooks/1/abc'),
        fc.constantFrom(undefined, 'ftp://discord.test'),
      ),
    })
    .map((d) => ['discord_configs', d] as const),
);

const strip = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

interface Route {
  receiver?: string;
  matchers?: string[];
  match?: Record<string, string | number | boolean>;
  match_re?: Record<string, string>;
  group_by?: readonly string[];
  group_wait?: string;
  group_interval?: string;
  repeat_interval?: string;
  continue?: boolean;
  mute_time_intervals?: readonly string[];
  routes?: Route[];
}

const routeArb = (names: string[], depth: number): fc.Arbitrary<Route> =>
  fc
    .record({
      receiver: fc.option(mostly(fc.constantFrom(...names), fc.constant('undefined-receiver')), {
        nil: undefined,
        freq: 2,
      }),
      matchers: fc.option(fc.array(matcherArb, { maxLength: 2 }), { nil: undefined }),
      match: fc.option(
        mostly(
          fc.constantFrom<Record<string, string | number | boolean>>(
            { severity: 'critical' },
            { env: 'production' },
            { code: 500, canary: true },
          ),
          fc.constant({ 'bad-label': 'x' }),
          30,
        ),
        {
          nil: undefined,
          freq: 6,
        },
      ),
      match_re: fc.option(
        mostly(fc.constant({ service: '^(foo|bar)$' }), fc.constant({ service: '(?<n>x)' }), 30),
        { nil: undefined, freq: 6 },
      ),
      group_by: fc.option(
        mostly(
          fc.oneof(fc.uniqueArray(labelArb, { maxLength: 3 }), fc.constant(['...'])),
          fc.constantFrom(['...', 'cluster'], ['cluster', 'cluster']),
        ),
        { nil: undefined, freq: 3 },
      ),
      group_wait: fc.option(durationArb, { nil: undefined, freq: 4 }),
      group_interval: fc.option(mostly(durationArb, fc.constant('0s')), { nil: undefined, freq: 4 }),
      repeat_interval: fc.option(mostly(durationArb, fc.constant('0')), { nil: undefined, freq: 4 }),
      continue: fc.option(fc.boolean(), { nil: undefined }),
      mute_time_intervals: fc.option(mostly(fc.constant(['offhours']), fc.constant(['nowhere']), 30), {
        nil: undefined,
        freq: 5,
      }),
      routes:
        depth >= 2
          ? fc.constant(undefined)
          : fc.option(fc.array(routeArb(names, depth + 1), { maxLength: 2 }), { nil: undefined }),
    })
    .map(strip);

const fileArb = fc
  .uniqueArray(fc.constantFrom('team-a', 'team-b', 'pager', 'blackhole', 'web hook'), {
    minLength: 1,
    maxLength: 4,
  })
  .chain((names) =>
    fc.record({
      global: fc.option(
        fc
          .record({
            resolve_timeout: fc.option(durationArb, { nil: undefined }),
            smtp_smarthost: fc.option(mostly(fc.constant('localhost:25'), fc.constant('nohost')), {
              nil: undefined,
              freq: 1,
            }),
            smtp_from: fc.option(fc.constant('am@example.test'), { nil: undefined, freq: 1 }),
            slack_api_url: fc.option(fc.constant('https://hooks.slack.test/services/T0/B0/g'), {
              nil: undefined,
              freq: 1,
            }),
            // Credentials here would go to every integration, which only webhooks honour (the
            // receiver refuses them elsewhere by name, a refusal of its own): broken ones only.
            http_config: mostly(
              fc.constantFrom(undefined, { follow_redirects: false }),
              httpConfigArb.filter(
                (h) => h !== undefined && !('follow_redirects' in h) && Object.keys(h).length > 1,
              ),
              30,
            ),
          })
          .map(strip),
        { nil: undefined, freq: 4 },
      ),
      receivers: fc.tuple(
        ...names.map((name) =>
          fc.array(integrationArb, { maxLength: 2 }).map((list) => {
            const r: Record<string, unknown> = { name };
            for (const [key, value] of list) r[key] = [...((r[key] as object[]) ?? []), strip(value)];
            return r;
          }),
        ),
      ),
      duplicate: mostly(fc.constant(false), fc.constant(true)),
      route: fc
        .record({
          receiver: mostly(fc.constantFrom(...names), fc.constantFrom(undefined, 'undefined-receiver')),
          group_by: fc.option(fc.uniqueArray(labelArb, { maxLength: 3 }), { nil: undefined }),
          group_wait: fc.option(durationArb, { nil: undefined, freq: 3 }),
          repeat_interval: fc.option(durationArb, { nil: undefined, freq: 3 }),
          continue: mostly(fc.constant(undefined), fc.constant(true)),
          matchers: mostly(fc.constant(undefined), fc.constant(['a="b"'])),
          routes: fc.array(routeArb(names, 1), { maxLength: 3 }),
        })
        .map(strip),
      time_intervals: fc.option(
        mostly(
          fc.constantFrom(
            [
              {
                name: 'offhours',
                time_intervals: [
                  {
                    weekdays: ['monday:friday'],
                    times: [{ start_time: '18:00', end_time: '24:00' }],
                    location: 'Europe/Berlin',
                  },
                ],
              },
            ],
            [{ name: 'offhours', time_intervals: [{ weekdays: ['saturday', 'sunday'] }] }],
            [{ name: 'offhours', time_intervals: [{ weekdays: ['sunday'], location: 'Local' }] }],
            [{ name: 'offhours', time_intervals: [{ weekdays: ['sunday'], location: 'UTC' }] }],
          ),
          fc.constantFrom(
            [{ name: 'offhours', time_intervals: [{ weekdays: ['friday:monday'] }] }],
            [{ name: 'offhours', time_intervals: [{ times: [{ start_time: '18:00', end_time: '09:00' }] }] }],
            [{ name: 'offhours', time_intervals: [{ location: 'Mars/Olympus_Mons' }] }],
            [{ name: 'offhours', time_intervals: [{ location: 'europe/berlin' }] }],
            [{ name: 'offhours', time_intervals: [{ location: '+01:00' }] }],
            [
              { name: 'offhours', time_intervals: [] },
              { name: 'offhours', time_intervals: [] },
            ],
          ),
          4,
        ),
        { nil: undefined, freq: 1 },
      ),
      inhibit_rules: fc.option(
        mostly(
          fc.constantFrom(
            [
              {
                source_matchers: ['severity="critical"'],
                target_matchers: ['severity="warning"'],
                equal: ['alertname'],
              },
            ],
            [{ source_match: { severity: 'critical' }, target_match_re: { severity: 'warning|info' } }],
            [{ source_matchers: ['severity="critical"'] }],
          ),
          fc.constantFrom(
            [{ source_matchers: ['sev erity'] }],
            [{ target_match: { severity: 'x' }, equal: ['not-a-label'] }],
          ),
          20,
        ),
        { nil: undefined },
      ),
      unknownKey: mostly(fc.constant(undefined), fc.constant('routes_typo')),
    }),
  )
  .map(({ receivers, duplicate, unknownKey, ...rest }) =>
    strip({
      ...rest,
      receivers: duplicate ? [...receivers, receivers[0]] : receivers,
      ...(unknownKey ? { [unknownKey]: [] } : {}),
    }),
  );

// An operator's file in the words Alertmanager takes and the receiver once refused, each exercised
// by a route that only it sends somewhere.
const OPERATOR_WORDS = `
global:
  slack_api_url_file: secrets/slack-url
receivers:
  - name: default
    webhook_configs:
      - &hook
        url: http://127.0.0.1:9/hook
        send_resolved: true
        max_alerts: 10
  - name: prod
    webhook_configs:
      - <<: *hook
        send_resolved: false
    pagerduty_configs:
      - routing_key_file: secrets/key
  - name: errors
    slack_configs:
      - channel: '#errors'
  - name: canary
route:
  receiver: default
  routes:
    - &team
      receiver: prod
      match: {env: production}
      group_wait: 10s
    - <<: *team
      receiver: errors
      match: {code: 500}
    - receiver: canary
      match: {canary: true, ratio: 1.50}
      mute_time_intervals: [weekend]
time_intervals:
  - name: weekend
    time_intervals:
      - weekdays: [saturday, sunday]
        location: Local
`;
const OPERATOR_LABELS: Array<Record<string, string>> = [
  { env: 'production' },
  { env: 'staging' },
  { code: '500' },
  { code: '501' },
  { canary: 'true', ratio: '1.50' },
  { canary: 'true', ratio: '1.5' },
  { canary: 'True', ratio: '1.50' },
  { env: 'production', code: '500' },
];
const amAlert = (labels: Record<string, string>): AlertmanagerAlertEvent => ({
  type: ALERTMANAGER_ALERT,
  timestamp: new Date().toISOString(),
  data: {
    status: 'firing',
    labels,
    annotations: {},
    startsAt: new Date().toISOString(),
    endsAt: null,
    generatorURL: '',
    fingerprint: '',
  },
});

/** amtool's verdict per file, from one `amtool check-config` run over all of them. */
async function amtoolVerdicts(files: string[]): Promise<Map<string, string>> {
  const out = await run('amtool', ['check-config', ...files], { maxBuffer: 64 << 20 }).then(
    (r) => r.stdout,
    (e: { stdout?: string }) => e.stdout ?? '',
  );
  const verdicts = new Map<string, string>();
  for (const [, file, verdict] of out.matchAll(/^Checking '(.*?)'\s+(SUCCESS|FAILED: .*)$/gm))
    verdicts.set(file!, verdict!);
  return verdicts;
}

function ourVerdict(file: string): string {
  try {
    loadConfig(file, { env });
    return 'SUCCESS';
  } catch (error) {
    return `FAILED: ${(error as Error).message.replace(/^.*\n\s*/, '')}`;
  }
}

describe.skipIf(!AMTOOL)(
  `check agrees with amtool check-config${AMTOOL ? '' : ' (skipped: amtool not found; apt-get install prometheus-alertmanager)'}`,
  () => {
    it("accepts Alertmanager's documented example and Debian's sample, as amtool does", async () => {
      const files = ['simple.yml', 'debian-sample.yml'].map((f) => join(fixtures, f));
      const theirs = await amtoolVerdicts(files);
      for (const file of files) {
        expect([file, theirs.get(file)]).toEqual([file, 'SUCCESS']);
        expect([file, ourVerdict(file)]).toEqual([file, 'SUCCESS']);
      }
    });

    it('takes the words operators write as amtool does: labels called env, merge keys, numbers in match, Local, *_file', async () => {
      const secrets = join(dir, 'secrets');
      mkdirSync(secrets, { recursive: true });
      writeFileSync(join(secrets, 'slack-url'), 'https://hooks.slack.test/services/T0/B0/x\n');
      writeFileSync(join(secrets, 'key'), 'routing-key-0123456789\n');
      const file = join(dir, 'operator-words.yml');
      writeFileSync(file, OPERATOR_WORDS);
      const theirs = await amtoolVerdicts([file]);
      expect([theirs.get(file), ourVerdict(file)]).toEqual(['SUCCESS', 'SUCCESS']);
      const config = loadConfig(file, { env });
      const disagreements: string[] = [];
      for (const labels of OPERATOR_LABELS) {
        const args = Object.entries(labels).map(([k, v]) => `${k}=${v}`);
        const amtool = (
          await run('amtool', ['config', 'routes', 'test', `--config.file=${file}`, ...args])
        ).stdout.trim();
        const ours = matchRouteTree(config.route, amAlert(labels))
          .map((m) => m.receiver)
          .join(',');
        if (amtool !== ours) disagreements.push(`${args.join(' ')}: amtool ${amtool}, ours ${ours}`);
      }
      expect(disagreements).toEqual([]);
      // A missing *_file: amtool does not read it (Alertmanager fails at the first notification);
      // check refuses it, naming the key and the path, so the file never fails at run time.
      rmSync(join(secrets, 'key'));
      expect(ourVerdict(file)).toMatch(
        /receivers\.1\.pagerduty_configs\.0\.routing_key_file: cannot read .*secrets\/key \(ENOENT\)/,
      );
    });

    it(`${GENERATED} generated alertmanager.yml files: accepted by both or refused by both`, async () => {
      const configs = fc.sample(fileArb, { numRuns: GENERATED, seed: SEED });
      const files = configs.map((config, i) => {
        const file = join(dir, `generated-${i}.yml`);
        writeFileSync(file, stringify(config));
        return file;
      });
      const theirs = await amtoolVerdicts(files);
      let accepted = 0;
      const disagreements = files.flatMap((file, i) => {
        const amtool = theirs.get(file) ?? 'no verdict';
        const ours = ourVerdict(file);
        if (amtool === 'SUCCESS') accepted++;
        return (amtool === 'SUCCESS') === (ours === 'SUCCESS')
          ? []
          : [{ file: i, amtool, ours, config: stringify(configs[i]) }];
      });
      console.info(
        `amtool check-config corpus: ${GENERATED} generated files, ${accepted} accepted by amtool, ${disagreements.length} disagreements`,
      );
      expect(disagreements.map((d) => `${d.amtool} | ${d.ours}`)).toEqual([]);
      // Both outcomes must be well represented for the agreement to mean something.
      expect(accepted).toBeGreaterThan(GENERATED / 5);
      expect(accepted).toBeLessThan((GENERATED * 4) / 5);
    }, 120_000);
  },
);
