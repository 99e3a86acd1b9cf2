import { describe, expect, it } from 'vitest';
import { configOriginal, configReceivers, formatDuration } from '../../src/api/config-original.ts';
import { goYaml } from '../../src/api/go-yaml.ts';
import { shownUrl } from '../../src/api/original-receivers.ts';
import { loadConfig } from '../../src/config/load-config.ts';

describe("config.original in Alertmanager's words (real Alertmanager's text: test/integration/alertmanager-api-names.test.ts)", () => {
  const env = {
    TRACKERKIT_WEBHOOKS_SECRET: `whsec_${Buffer.from('config-original-secret-0123456789').toString('base64')}`,
  };
  const SECRETS = [
    'pw-smtp-0123',
    'https://hooks.slack.test/services/T0/B0/XXXX',
    'rk-0123456789',
    'tok-0123456789',
    'path-token-0123',
  ];
  const config = loadConfig(
    {
      global: {
        smtp_smarthost: 'smtp.example.com:587',
        smtp_from: 'am@example.com',
        smtp_auth_password: SECRETS[0],
        slack_api_url: SECRETS[1],
      },
      route: { receiver: 'team', routes: [{ matchers: ['a=b'], receiver: 'blackhole' }] },
      receivers: [
        {
          name: 'team',
          webhook_configs: [
            { url: `https://hooks.example.com/${SECRETS[4]}`, http_config: { bearer_token: SECRETS[3] } },
            { url: 'http://127.0.0.1:9/' },
          ],
          slack_configs: [{ channel: '#ops' }],
          pagerduty_configs: [{ routing_key: SECRETS[2] }],
          email_configs: [{ to: 'ops@example.com' }],
          trackerkit_configs: [{ type: 'stdout' }],
        },
        { name: 'blackhole' },
      ],
    },
    { env },
  );
  const original = configOriginal(config);

  it('no secret is in it: secrets print as <secret>, a URL written with a path keeps only its host', () => {
    for (const secret of SECRETS) expect(original).not.toContain(secret);
    expect(original).toContain('smtp_auth_password: <secret>');
    expect(original).toContain('url: https://hooks.example.com/<secret>');
    expect(original).toContain('url: http://127.0.0.1:9/\n');
    expect(original).toContain('      authorization:\n        type: Bearer\n        credentials: <secret>');
  });

  it("lists the file's receivers in its order, one without integrations too; this package's own integrations are not Alertmanager's", () => {
    expect(configReceivers(config)).toEqual(['team', 'blackhole']);
    expect(original).toContain('- name: blackhole\n');
    expect(original).not.toContain('trackerkit_configs');
    expect(original).not.toContain('stdout');
  });

  it.each([
    [
      'an Alertmanager default',
      { given: 'https://events.pagerduty.com/v2/enqueue', want: 'https://events.pagerduty.com/v2/enqueue' },
    ],
    ['a bare origin', { given: 'http://127.0.0.1:9/', want: 'http://127.0.0.1:9/' }],
    ['a path', { given: 'https://n8n.example/webhook/abc', want: 'https://n8n.example/<secret>' }],
    ['a query', { given: 'https://x.example/?token=abc', want: 'https://x.example/<secret>' }],
    ['user info', { given: 'https://u:p@x.example/', want: 'https://x.example/<secret>' }],
  ])('a URL Alertmanager prints in the clear: %s', (_name, { given, want }) => {
    expect(shownUrl(given, ['https://events.pagerduty.com/v2/enqueue'])).toBe(want);
  });

  it.each([
    [0, '0s'],
    [90_000, '1m30s'],
    [5 * 60_000, '5m'],
    [7 * 86_400_000, '1w'],
    [8 * 86_400_000, '8d'],
    [365 * 86_400_000, '1y'],
    [1500, '1s500ms'],
  ])("Prometheus' duration text: %i ms is %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it.each([
    ['a time, which YAML 1.1 reads as a number', { given: { t: '09:00' }, want: 't: "09:00"\n' }],
    ['a number as text', { given: { code: '500' }, want: 'code: "500"\n' }],
    ['a YAML 1.1 boolean word', { given: { v: 'on' }, want: 'v: "on"\n' }],
    ['three dots', { given: { g: ['...'] }, want: "g:\n- '...'\n" }],
    ['a template', { given: { x: '{{ .X }}' }, want: "x: '{{ .X }}'\n" }],
    ['plain text', { given: { x: 'severity="critical"' }, want: 'x: severity="critical"\n' }],
  ])("yaml.v2's quoting: %s", (_name, { given, want }) => {
    expect(goYaml(given)).toBe(want);
  });
});
