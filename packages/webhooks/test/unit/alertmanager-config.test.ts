import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadConfig } from '../../src/config/load-config.ts';
import { destinationSecrets } from '../../src/config/secret-values.ts';
import type { Config, DestinationConfig } from '../../src/config/types.ts';
import { matchRouteTree } from '../../src/router/match-route-tree.ts';
import { exampleAlert } from '../helpers/alerts.ts';

// An operator's alertmanager.yml, loaded unchanged: Alertmanager's words (receivers, a route's
// receiver), its integrations mapped to destinations, what cannot be honoured refused by name.
const dir = mkdtempSync(join(tmpdir(), 'tk-amconfig-'));
const SECRET = `whsec_${Buffer.from('alertmanager-config-test-secret!').toString('base64')}`;
const env = { TRACKERKIT_WEBHOOKS_SECRET: SECRET, HOOK_TOKEN: 'hook-token-from-env-0123' };

function load(config: object, e: Record<string, string> = env): Config {
  const file = join(dir, `c-${Math.random().toString(36).slice(2)}.yml`);
  writeFileSync(file, stringify(config));
  return loadConfig(file, { env: e });
}
function problems(config: object, e: Record<string, string> = env): string {
  try {
    load(config, e);
  } catch (error) {
    expect((error as Error).message).toMatch(/^@trackerkit\/webhooks: invalid configuration/);
    return (error as Error).message;
  }
  return 'ok';
}
const byName = (c: Config, name: string) => c.destinations.find((d) => d.name === name) as DestinationConfig;

const HOOK = { name: 'hook', webhook_configs: [{ url: 'https://hooks.example.test/am' }] };
const am = (extra: object = {}, receivers: object[] = [HOOK]) => ({
  route: { receiver: 'hook' },
  receivers,
  ...extra,
});

describe('an alertmanager.yml loads unchanged', () => {
  it('takes the tracker source from TRACKERKIT_WEBHOOKS_SECRET at / when there are no sources', () => {
    const c = load(am());
    expect(c.words).toBe('alertmanager');
    expect(c.sources).toEqual([
      {
        name: 'tracker',
        path: '/',
        secrets: [SECRET],
        verify: { scheme: 'standard-webhooks', toleranceSeconds: 300 },
      },
    ]);
  });

  it('refuses a file with neither sources nor the variable, naming both', () => {
    expect(problems(am(), {})).toContain(
      "sources: required, or set TRACKERKIT_WEBHOOKS_SECRET (the whsec_ secret of the service's account webhook; alerts are then taken at /)",
    );
  });

  it('holds the variable to the secret policy, naming the variable', () => {
    expect(problems(am(), { TRACKERKIT_WEBHOOKS_SECRET: 'short' })).toMatch(/TRACKERKIT_WEBHOOKS_SECRET: /);
  });

  it("maps webhook_configs to Alertmanager's webhook: url, send_resolved, max_alerts, http_config", () => {
    const c = load(
      am({ global: { http_config: { bearer_token: 'global-bearer-token-0123' } } }, [
        {
          name: 'hook',
          webhook_configs: [
            { url: 'https://a.example.test/1' },
            {
              url: 'https://a.example.test/2',
              send_resolved: false,
              max_alerts: 5,
              timeout: '3s',
              http_config: { basic_auth: { username: 'am', password: 'basic-password-0123' } },
            },
            {
              url: { env: 'HOOK_TOKEN_URL' },
              http_config: { authorization: { credentials: { env: 'HOOK_TOKEN' } } },
            },
          ],
        },
      ]),
      { ...env, HOOK_TOKEN_URL: 'https://a.example.test/3' },
    );
    expect(c.destinations).toEqual([
      expect.objectContaining({
        type: 'webhook',
        name: 'hook/webhook[0]',
        receiver: 'hook',
        url: 'https://a.example.test/1',
        sendResolved: true,
        maxAlerts: 0,
        timeoutMs: 10_000,
        headers: { Authorization: 'Bearer global-bearer-token-0123' },
      }),
      expect.objectContaining({
        name: 'hook/webhook[1]',
        sendResolved: false,
        maxAlerts: 5,
        timeoutMs: 3000,
        headers: { Authorization: `Basic ${Buffer.from('am:basic-password-0123').toString('base64')}` },
      }),
      expect.objectContaining({
        name: 'hook/webhook[2]',
        url: 'https://a.example.test/3',
        headers: { Authorization: 'Bearer hook-token-from-env-0123' },
      }),
    ]);
    // The credentials in those headers are cut out of logs, as every destination credential is.
    expect(destinationSecrets(c.destinations[1]!)).toEqual(
      expect.arrayContaining(['basic-password-0123', 'am:basic-password-0123']),
    );
    expect(destinationSecrets(c.destinations[2]!)).toContain('hook-token-from-env-0123');
  });

  it('reads url_file and *_file credentials relative to the file, trimmed', () => {
    mkdirSync(join(dir, 'secrets'), { recursive: true });
    writeFileSync(join(dir, 'secrets', 'url'), 'https://a.example.test/from-file\n');
    writeFileSync(join(dir, 'secrets', 'token'), 'token-from-file-0123\n');
    const c = load(
      am({}, [
        {
          name: 'hook',
          webhook_configs: [{ url_file: 'secrets/url', http_config: { bearer_token_file: 'secrets/token' } }],
        },
      ]),
    );
    expect(c.destinations[0]).toMatchObject({
      url: 'https://a.example.test/from-file',
      headers: { Authorization: 'Bearer token-from-file-0123' },
    });
    expect(problems(am({}, [{ name: 'hook', webhook_configs: [{ url_file: 'secrets/none' }] }]))).toMatch(
      /receivers\.0\.webhook_configs\.0\.url_file: cannot read .*secrets\/none \(ENOENT\)/,
    );
  });

  it('maps slack, msteams, discord, pagerduty and email, filling in from global as Alertmanager does', () => {
    const c = load({
      global: {
        slack_api_url: 'https://hooks.slack.test/services/T0/B0/global',
        smtp_smarthost: 'smtp.example.test:465',
        smtp_from: 'am@example.test',
        smtp_auth_username: 'am',
        smtp_auth_password: 'smtp-password-0123',
      },
      route: { receiver: 'all' },
      receivers: [
        {
          name: 'all',
          slack_configs: [
            { channel: '#alerts', username: 'Alertmanager', title: '{{ template "slack.default.title" . }}' },
          ],
          msteams_configs: [{ webhook_url: 'https://teams.example.test/workflow' }],
          discord_configs: [{ webhook_url: 'https://discord.test/api/webhooks/1/abc' }],
          pagerduty_configs: [{ routing_key: 'pd-routing-key-0123' }, { service_key: 'pd-service-key-0123' }],
          email_configs: [{ to: 'ops@example.test', require_tls: false, hello: 'am.example.test' }],
        },
      ],
    });
    expect(c.destinations.map((d) => `${d.name} ${d.type} ${d.sendResolved}`)).toEqual(
      [
        'all/slack[0] slack false',
        'all/msteams[0] teams true',
        'all/pagerduty[0] pagerduty true',
        'all/pagerduty[1] pagerduty true',
        'all/email[0] email false',
        'all/discord[0] discord true',
      ].sort(
        (a, b) =>
          c.destinations.findIndex((d) => a.startsWith(d.name)) -
          c.destinations.findIndex((d) => b.startsWith(d.name)),
      ),
    );
    expect(byName(c, 'all/slack[0]')).toMatchObject({
      url: 'https://hooks.slack.test/services/T0/B0/global',
      channel: '#alerts',
      username: 'Alertmanager',
    });
    expect(byName(c, 'all/pagerduty[0]')).toMatchObject({
      url: 'https://events.pagerduty.com/v2/enqueue',
      routingKey: 'pd-routing-key-0123',
    });
    // A service key is PagerDuty's Events API v1, as Alertmanager sends it.
    expect(byName(c, 'all/pagerduty[1]')).toMatchObject({
      url: 'https://events.pagerduty.com/generic/2010-04-15/create_event.json',
      routingKey: 'pd-service-key-0123',
      events: 'v1',
    });
    expect(byName(c, 'all/email[0]')).toMatchObject({
      from: 'am@example.test',
      to: ['ops@example.test'],
      // Port 465 is TLS from the first byte, as Alertmanager dials it.
      smtp: {
        host: 'smtp.example.test',
        port: 465,
        secure: true,
        requireTls: false,
        hello: 'am.example.test',
        user: 'am',
        pass: 'smtp-password-0123',
      },
    });
  });

  it('routes receiver names: inherited down the tree, a receiver without integrations delivers nothing', () => {
    const c = load({
      route: {
        receiver: 'hook',
        routes: [
          { matchers: ['signal="Poor"'], receiver: 'blackhole' },
          { match: { bound: 'upper' }, routes: [{ match_re: { tracker_name: '(?i)acme.*' } }] },
        ],
      },
      receivers: [HOOK, { name: 'blackhole' }],
    });
    const route = (data: Parameters<typeof exampleAlert>[0]) =>
      matchRouteTree(c.route, exampleAlert(data)).map((m) => [m.receiver, m.destinations, m.id]);
    expect(route({ signal: 'Poor' })).toEqual([['blackhole', [], '{}/{signal="Poor"}/0']]);
    expect(route({ signal: 'Positive', bound: 'upper', tracker_name: 'ACME x' })).toEqual([
      ['hook', ['hook/webhook[0]'], '{}/{bound="upper"}/{tracker_name=~"(?i)acme.*"}/0'],
    ]);
    // Alertmanager's defaults for a tree it loads: one group per route, a repeat every 4 h.
    expect(c.route).toMatchObject({ groupBy: [], repeatIntervalMs: 4 * 3_600_000 });
  });

  it("keeps this package's own types inside a receiver, as trackerkit_configs", () => {
    const c = load(
      am({}, [
        HOOK,
        {
          name: 'ours',
          trackerkit_configs: [
            { type: 'ntfy', topic: 'tracker-alerts' },
            { type: 'file', path: join(dir, 'alerts.jsonl') },
            { type: 'stdout' },
          ],
        },
      ]),
    );
    expect(c.destinations.map((d) => `${d.name}:${d.type}:${d.receiver}`)).toEqual([
      'hook/webhook[0]:webhook:hook',
      'ours/ntfy[0]:ntfy:ours',
      'ours/file[1]:file:ours',
      'ours/stdout[2]:stdout:ours',
    ]);
    expect(
      problems(am({}, [HOOK, { name: 'x', trackerkit_configs: [{ type: 'slack', url: 'https://x.test' }] }])),
    ).toMatch(/receivers\.1\.trackerkit_configs\.0\.type: /);
  });

  it('inhibit rules in both forms, and mute_time_intervals beside time_intervals', () => {
    const c = load(
      am({
        inhibit_rules: [
          {
            source_match: { signal: 'Poor' },
            target_match_re: { signal: 'Negative|Neutral' },
            equal: ['tracker_id'],
          },
          { source_matchers: ['signal="Poor"'], target_matchers: ['bound=~"(?i)LOWER"'] },
        ],
        mute_time_intervals: [
          { name: 'night', time_intervals: [{ times: [{ start_time: '00:00', end_time: '06:00' }] }] },
        ],
        time_intervals: [{ name: 'weekend', time_intervals: [{ weekdays: ['saturday', 'sunday'] }] }],
        route: {
          receiver: 'hook',
          routes: [{ receiver: 'hook', mute_time_intervals: ['night', 'weekend'] }],
        },
      }),
    );
    expect(
      c.inhibitRules!.map((r) => [
        r.sourceMatchers.map((m) => `${m.name}${m.op}${m.value}`),
        r.targetMatchers.map((m) => `${m.name}${m.op}${m.value}`),
        r.equal,
      ]),
    ).toEqual([
      [['signal=Poor'], ['signal=~Negative|Neutral'], ['tracker_id']],
      [['signal=Poor'], ['bound=~(?i)LOWER'], []],
    ]);
    expect(c.route.routes![0]!.muteWindows).toHaveLength(2);
  });
});

describe('what cannot be honoured is refused, naming the key', () => {
  const cases: Array<[string, { given: object; want: string | RegExp }]> = [
    [
      'a Slack title template',
      {
        given: am({}, [
          {
            name: 'hook',
            slack_configs: [
              { api_url: 'https://hooks.slack.test/x', title: '{{ .CommonLabels.alertname }}' },
            ],
          },
        ]),
        want: 'receivers.0.slack_configs.0.title: templates are not supported',
      },
    ],
    [
      'a Slack channel written as a template',
      {
        given: am({}, [
          {
            name: 'hook',
            slack_configs: [{ api_url: 'https://hooks.slack.test/x', channel: '{{ .GroupLabels.team }}' }],
          },
        ]),
        want: 'receivers.0.slack_configs.0.channel: templates are not supported',
      },
    ],
    [
      'an integration without a sender',
      {
        given: am({}, [HOOK, { name: 'og', opsgenie_configs: [{ api_key: 'k' }] }]),
        want: 'receivers.1.opsgenie_configs: not supported: no sender for this integration',
      },
    ],
    [
      'TLS settings',
      {
        given: am({}, [
          {
            name: 'hook',
            webhook_configs: [
              { url: 'https://a.test', http_config: { tls_config: { insecure_skip_verify: true } } },
            ],
          },
        ]),
        want: 'receivers.0.webhook_configs.0.http_config.tls_config: not supported',
      },
    ],
    [
      'e-mail headers',
      {
        given: am({ global: { smtp_smarthost: 'h:25', smtp_from: 'a@b.c' } }, [
          HOOK,
          { name: 'm', email_configs: [{ to: 'x@y.z', headers: { Subject: 'hi' } }] },
        ]),
        want: 'receivers.1.email_configs.0.headers: not supported',
      },
    ],
    [
      'a PagerDuty severity',
      {
        given: am({}, [
          HOOK,
          { name: 'pd', pagerduty_configs: [{ routing_key: 'k', severity: 'critical' }] },
        ]),
        want: 'receivers.1.pagerduty_configs.0.severity: not supported',
      },
    ],
    [
      'authentication on a chat integration (it sends no headers)',
      {
        given: am({}, [
          HOOK,
          {
            name: 's',
            slack_configs: [{ api_url: 'https://hooks.slack.test/x', http_config: { bearer_token: 't' } }],
          },
        ]),
        want: 'receivers.1.slack_configs.0.http_config: not supported: authentication for slack_configs',
      },
    ],
    [
      'no Slack URL anywhere',
      {
        given: am({}, [HOOK, { name: 's', slack_configs: [{}] }]),
        want: 'receivers.1.slack_configs.0.api_url: no global Slack API URL set either inline or in a file',
      },
    ],
    [
      'no SMTP smarthost anywhere',
      {
        given: am({}, [HOOK, { name: 'm', email_configs: [{ to: 'x@y.z' }] }]),
        want: 'receivers.1.email_configs.0.smarthost: no global SMTP smarthost set',
      },
    ],
    [
      'a webhook without a URL',
      {
        given: am({}, [{ name: 'hook', webhook_configs: [{}] }]),
        want: 'receivers.0.webhook_configs.0.url: one of url or url_file must be configured',
      },
    ],
    [
      'a receiver named twice',
      {
        given: am({}, [HOOK, HOOK]),
        want: 'receivers.1.name: notification config name "hook" is not unique',
      },
    ],
    [
      'an undefined receiver',
      {
        given: am({ route: { receiver: 'hook', routes: [{ receiver: 'nobody' }] } }),
        want: 'route.routes.0.receiver: undefined receiver "nobody" used in route',
      },
    ],
    [
      'a root route without a receiver',
      {
        given: { receivers: [HOOK], route: { group_wait: '1s' } },
        want: 'route.receiver: root route must specify a default receiver',
      },
    ],
    [
      'continue on the root route',
      {
        given: am({ route: { receiver: 'hook', continue: true } }),
        want: 'route.continue: cannot have continue in root route',
      },
    ],
    [
      'matchers on the root route',
      {
        given: am({ route: { receiver: 'hook', match: { a: 'b' } } }),
        want: 'route.match: the root route matches every alert',
      },
    ],
    [
      'a zero repeat_interval',
      {
        given: am({ route: { receiver: 'hook', routes: [{ repeat_interval: '0s' }] } }),
        want: 'route.routes.0.repeat_interval: repeat_interval cannot be zero',
      },
    ],
    [
      'a regex Go refuses in match_re',
      {
        given: am({ route: { receiver: 'hook', routes: [{ match_re: { a: '(?=x)' } }] } }),
        want: /route\.routes\.0\.match_re\.a: invalid regular expression \(error parsing regexp: invalid or unsupported Perl syntax/,
      },
    ],
    [
      'a weekday range backwards from sunday',
      {
        given: am({ time_intervals: [{ name: 'w', time_intervals: [{ weekdays: ['saturday:sunday'] }] }] }),
        want: 'time_intervals.0.time_intervals.0.weekdays.0: start day cannot be before end day',
      },
    ],
    [
      'a time range past midnight',
      {
        given: am({
          time_intervals: [
            { name: 'n', time_intervals: [{ times: [{ start_time: '22:00', end_time: '06:00' }] }] },
          ],
        }),
        want: 'time_intervals.0.time_intervals.0.times.0: start time cannot be equal or greater than end time',
      },
    ],
    [
      'a signing secret inside trackerkit_configs that breaks the policy (named where it is written)',
      {
        given: am({}, [
          HOOK,
          {
            name: 'f',
            trackerkit_configs: [{ type: 'forward', url: 'https://a.test/x', secret: 'whsec_c2hvcnQ=' }],
          },
        ]),
        want: /receivers\.1\.trackerkit_configs\.0\.secret: /,
      },
    ],
    [
      'a group_by label twice',
      {
        given: am({ route: { receiver: 'hook', group_by: ['a', 'a'] } }),
        want: 'route.group_by: a label is listed twice',
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const message = problems(given);
    if (typeof want === 'string') expect(message).toContain(want);
    else expect(message).toMatch(want);
  });

  it('accepts what is honoured as it stands: defaults, literals, empty lists, an unused global', () => {
    const c = load(
      am({ global: { opsgenie_api_key: 'unused', resolve_timeout: '1h30m' } }, [
        {
          name: 'hook',
          webhook_configs: [
            { url: 'https://a.test/x', http_config: { follow_redirects: false, enable_http2: true } },
          ],
          slack_configs: [
            {
              api_url: 'https://hooks.slack.test/x',
              title: '{{ template "slack.default.title" . }}',
              text: '{{template "slack.default.text" .}}',
              link_names: false,
              fields: [],
            },
          ],
          opsgenie_configs: [],
        },
      ]),
    );
    expect(c.destinations.map((d) => d.type)).toEqual(['webhook', 'slack']);
    expect(c.resolveTimeoutMs).toBe(90 * 60_000);
  });

  it('refuses templates that would change a message the receiver writes, and keeps those that change nothing', () => {
    mkdirSync(join(dir, 'tmpl'), { recursive: true });
    writeFileSync(join(dir, 'tmpl', 'slack.tmpl'), '{{ define "slack.default.title" }}x{{ end }}');
    const slack = [{ name: 'hook', slack_configs: [{ api_url: 'https://hooks.slack.test/x' }] }];
    expect(problems(am({ templates: ['tmpl/*.tmpl'] }, slack))).toMatch(
      /templates\.0: custom notification templates are not supported \(.*tmpl\/slack\.tmpl would change what hook\/slack\[0\] sends/,
    );
    // A glob that names no file loads nothing, in Alertmanager too; a webhook renders no template.
    expect(problems(am({ templates: ['tmpl/*.none', '/etc/alertmanager/template/*.tmpl'] }, slack))).toBe(
      'ok',
    );
    expect(problems(am({ templates: ['tmpl/*.tmpl'] }))).toBe('ok');
  });
});
