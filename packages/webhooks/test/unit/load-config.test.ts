import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli/run-cli.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import { startReceiver } from '../../src/server/start-receiver.ts';
import { OTHER_SECRET, SECRET } from '../helpers/alerts.ts';

const dir = mkdtempSync(join(tmpdir(), 'tk-config-'));
const env = {
  TRACKER_WEBHOOK_SECRET: SECRET,
  SLACK_URL: 'https://hooks.slack.test/services/T000/B000/XXXXSECRETXXXX',
  PD_KEY: 'pd-routing-key-secret',
  N8N_SECRET: `whsec_${Buffer.from('n8n-trigger-secret').toString('base64')}`,
  SHORT_SECRET: 'whsec_bjhuLXNlY3JldA==',
};

const YAML_CONFIG = `
server: { port: 0, body_limit: 64kb }
storage: { path: ${join(dir, 'x.db')} }
sources:
  - name: tracker
    path: /webhooks/tracker
    secret: { env: TRACKER_WEBHOOK_SECRET }
    tolerance: 10m
destinations:
  - { name: slack, type: slack, url: { env: SLACK_URL }, retry: { max_attempts: 3 } }
  - { name: discord, type: discord, url: "https://discord.test/api/webhooks/1/abc" }
  - { name: teams, type: teams, url: "https://teams.test/workflows/1" }
  - { name: ntfy, type: ntfy, topic: tracker-alerts }
  - { name: pagerduty, type: pagerduty, routing_key: { env: PD_KEY } }
  - { name: mail, type: email, smtp: { host: 127.0.0.1, port: 2525 }, from: alerts@example.com, to: ops@example.com }
  - { name: n8n, type: n8n, url: "http://127.0.0.1:5678/webhook/tracker", secret: { env: N8N_SECRET } }
  - { name: archive, type: file, path: ${join(dir, 'alerts.jsonl')} }
  - { name: out, type: stdout }
route:
  destination: out
  repeat_interval: 4h
  routes:
    - matchers: { signal: [Poor, Negative], tracker_name: "ACME*", score: { max: 3 } }
      destination: [pagerduty, slack]
      continue: true
    - matchers: { bound: upper }
      destination: discord
      mute_windows: [{ weekdays: [saturday:sunday] }]
catch_all: archive
`;

function problems(config: unknown, e: Record<string, string> = env): string {
  try {
    loadConfig(config as object, { env: e });
  } catch (error) {
    expect((error as Error).message).toMatch(/^@trackerkit\/webhooks: invalid configuration/);
    return (error as Error).message;
  }
  return 'ok';
}

describe('loadConfig', () => {
  it('loads YAML with every destination type, resolving env references', () => {
    const file = join(dir, 'config.yaml');
    writeFileSync(file, YAML_CONFIG);
    const config = loadConfig(file, { env });
    expect(config.sources[0]).toMatchObject({
      secrets: [SECRET],
      verify: { scheme: 'standard-webhooks', toleranceSeconds: 600 },
    });
    expect(config.server.bodyLimitBytes).toBe(64 * 1024);
    expect(config.destinations.map((d) => d.type)).toEqual([
      'slack',
      'discord',
      'teams',
      'ntfy',
      'pagerduty',
      'email',
      'n8n',
      'file',
      'stdout',
    ]);
    expect(config.destinations[0]).toMatchObject({
      url: env.SLACK_URL,
      retry: { maxAttempts: 3 },
      timeoutMs: 10_000,
    });
    expect(config.destinations[3]).toMatchObject({ url: 'https://ntfy.sh' });
    expect(config.route.routes![0]!).toMatchObject({
      destinations: ['pagerduty', 'slack'],
      matchers: { signal: ['Poor', 'Negative'], trackerName: ['ACME*'] },
    });
    expect(config.route.repeatIntervalMs).toBe(4 * 3600_000);
    expect(config.catchAll).toEqual(['archive']);
  });

  it("accepts Alertmanager's matcher strings and active windows", () => {
    const config = loadConfig(
      {
        ...{
          sources: [{ name: 's', path: '/h', scheme: 'none' }],
          destinations: [{ name: 'o', type: 'stdout' }],
        },
        route: {
          destination: 'o',
          routes: [
            {
              matchers: [
                'signal=~"Poor|Negative"',
                'bound!=upper',
                'tracker_name!~"test.*"',
                'event=tracker.alert',
              ],
              active_windows: [{ weekdays: ['monday:friday'] }],
            },
          ],
        },
      },
      { env },
    );
    const child = config.route.routes![0]!;
    expect(child.matchers!.labels!.map((m) => `${m.name}${m.op}${m.value}`)).toEqual([
      'signal=~Poor|Negative',
      'bound!=upper',
      'tracker_name!~test.*',
      'event=tracker.alert',
    ]);
    expect(child.activeWindows).toEqual([{ weekdays: ['monday:friday'] }]);
  });

  it('loads JSON', () => {
    const file = join(dir, 'config.json');
    writeFileSync(
      file,
      JSON.stringify({
        sources: [{ name: 's', path: '/h', scheme: 'none' }],
        destinations: [{ name: 'o', type: 'stdout' }],
        route: { destination: 'o' },
      }),
    );
    expect(loadConfig(file).sources[0]!.verify.scheme).toBe('none');
  });

  const base = {
    sources: [{ name: 's', path: '/h', secret: { env: 'TRACKER_WEBHOOK_SECRET' } }],
    destinations: [{ name: 'o', type: 'stdout' }],
    route: { destination: 'o' },
  };
  const cases: Array<[string, { given: unknown; want: RegExp }]> = [
    [
      'unknown destination type',
      { given: { ...base, destinations: [{ name: 'o', type: 'fax' }] }, want: /destinations\.0\.type: /i },
    ],
    [
      'missing url',
      {
        given: { ...base, destinations: [{ name: 'o', type: 'slack' }] },
        want: /destinations\.0\.url: required/,
      },
    ],
    ['unknown key', { given: { ...base, extra: 1 }, want: /\(root\): unknown key\(s\) extra/ }],
    [
      'matchers on the root route (Alertmanager refuses them)',
      {
        given: { ...base, route: { destination: 'o', matchers: ['signal=Poor'] } },
        want: /route\.matchers: the root route matches every alert \(Alertmanager refuses matchers on it\)/,
      },
    ],
    [
      'an Alertmanager matcher string that does not parse',
      {
        given: {
          ...base,
          route: { destination: 'o', routes: [{ matchers: ['signal=Poor', 'bound~upper'] }] },
        },
        want: /route\.routes\.0\.matchers\.1: bad matcher "bound~upper"/,
      },
    ],
    [
      'an Alertmanager regex that does not compile',
      {
        given: { ...base, route: { destination: 'o', routes: [{ matchers: ['signal=~"(Poor"'] }] } },
        want: /route\.routes\.0\.matchers\.0: .*invalid regular expression/,
      },
    ],
    [
      'root route without a destination',
      { given: { ...base, route: {} }, want: /route\.destination: required on the root route/ },
    ],
    [
      'bad duration',
      {
        given: { ...base, route: { destination: 'o', repeat_interval: 'soon' } },
        want: /route\.repeat_interval: .*duration/,
      },
    ],
    [
      'unknown destination',
      {
        given: { ...base, route: { destination: 'o', routes: [{ destination: 'nope' }] } },
        want: /route\.routes\.0\.destination: unknown destination nope/,
      },
    ],
    [
      'secret missing for a signed scheme',
      {
        given: { ...base, sources: [{ name: 's', path: '/h' }] },
        want: /sources\.0\.secret: required for scheme standard-webhooks/,
      },
    ],
    [
      'bad signal',
      {
        given: { ...base, route: { destination: 'o', routes: [{ matchers: { signal: 'Bad' } }] } },
        want: /route\.routes\.0\.matchers\.signal/,
      },
    ],
    [
      'bad weekday',
      {
        given: { ...base, route: { destination: 'o', mute_windows: [{ weekdays: ['funday'] }] } },
        want: /route\.mute_windows\.0\.weekdays\.0: must be a weekday/,
      },
    ],
    [
      'destination URL not http(s), the value never shown',
      {
        given: {
          ...base,
          destinations: [{ name: 'o', type: 'slack', url: 'ftp://hooks.example/T/SECRETVALUE' }],
        },
        want: /destinations\.0\.url: must be an http:\/\/ or https:\/\/ URL$/,
      },
    ],
    [
      'scheme none with secrets',
      {
        given: { ...base, sources: [{ name: 's', path: '/h', scheme: 'none', secret: 'x' }] },
        want: /sources\.0\.scheme: none verifies nothing, yet secrets are configured/,
      },
    ],
    [
      'unknown scheme',
      {
        given: { ...base, sources: [{ name: 's', path: '/h', scheme: 'guess', secret: 'x' }] },
        want: /sources\.0\.scheme: /,
      },
    ],
    [
      'duplicate names',
      {
        given: {
          ...base,
          destinations: [
            { name: 'o', type: 'stdout' },
            { name: 'o', type: 'stdout' },
          ],
        },
        want: /destinations\.1\.name: duplicate/,
      },
    ],
    ...['https://alerts.example.com', 'alerts.example.com:443', 'a b'].map((host): (typeof cases)[number] => [
      `an allowed host with a scheme, a port or a space (${host})`,
      {
        given: { ...base, server: { allowed_hosts: ['alerts.example.com', host] } },
        want: /server\.allowed_hosts\.1: must be a host name without scheme or port/,
      },
    ]),
  ];
  it.each(cases)('%s: names the path and the rule', (_name, { given, want }) =>
    expect(problems(given)).toMatch(want),
  );

  const RULE = 'whsec_ followed by base64 of at least 16 bytes';
  const refused: Array<[string, { given: unknown; want: string }]> = [
    [
      'a source secret of 10 bytes, from the environment',
      {
        given: { ...base, sources: [{ name: 's', path: '/h', secret: { env: 'SHORT_SECRET' } }] },
        want: `sources.0.secret: ${RULE} (the secret's key is 10 bytes; at least 16 are required)`,
      },
    ],
    [
      'a rotated secret without the whsec_ prefix',
      {
        given: {
          ...base,
          sources: [{ name: 's', path: '/h', secret: SECRET, secrets: [SECRET, SECRET.slice(6)] }],
        },
        want: `sources.0.secrets.1: ${RULE} (a Standard Webhooks secret must start with whsec_)`,
      },
    ],
    [
      'a forward destination signing with non-canonical base64',
      {
        given: {
          ...base,
          destinations: [
            { name: 'o', type: 'forward', url: 'http://127.0.0.1:9/in', secret: `${SECRET.slice(0, -2)}x=` },
          ],
        },
        want: `destinations.0.secret: ${RULE}`,
      },
    ],
    [
      'an n8n destination signing with a bare string',
      {
        given: {
          ...base,
          destinations: [{ name: 'o', type: 'n8n', url: 'http://127.0.0.1:9/in', secret: 'n8n-trigger' }],
        },
        want: `destinations.0.secret: ${RULE} (a Standard Webhooks secret must start with whsec_)`,
      },
    ],
  ];
  it.each(refused)('refuses %s at load, naming the field and the rule, never the value', (_n, c) => {
    const message = problems(c.given);
    expect(message).toContain(c.want);
    expect(message).not.toContain(SECRET.slice(6, -2));
    expect(message).not.toContain('bjhuLXNlY3JldA');
  });

  it('holds only Standard Webhooks secrets to the whsec_ policy', () => {
    for (const scheme of ['stripe', 'github', 'token']) {
      const given = { ...base, sources: [{ name: 's', path: '/h', scheme, secret: 'short' }] };
      expect(problems(given)).toBe('ok');
    }
  });

  it('refuses a configuration built in code whose secret breaks the policy', async () => {
    const config = loadConfig(base, { env });
    const bad = { ...config, sources: [{ ...config.sources[0]!, secrets: [env.SHORT_SECRET] }] };
    // Refused before anything opens: no store, no socket.
    await expect(startReceiver({ config: bad, storagePath: ':memory:' })).rejects.toThrow(
      /sources\.0\.secrets\.0: whsec_ followed by base64/,
    );
  });

  it('refuses a time zone this runtime does not know', () => {
    const given = {
      ...base,
      route: { destination: 'o', mute_windows: [{ timezone: 'Europe/Berlinn' }] },
    };
    expect(problems(given)).toMatch(/route\.mute_windows\.0\.timezone: must be an IANA time zone/);
    expect(
      problems({ ...base, route: { destination: 'o', mute_windows: [{ timezone: 'Asia/Kolkata' }] } }),
    ).toBe('ok');
  });

  it('names every unset variable in one run, with its path; a header called env is not one', () => {
    const given = {
      ...base,
      sources: [{ name: 's', path: '/h', secrets: [{ env: 'OLD_SECRET' }, { env: 'NEW_SECRET' }] }],
      destinations: [
        { name: 'o', type: 'slack', url: { env: 'SLACK_HOOK' } },
        { name: 'f', type: 'forward', url: 'https://x.test/', secret: 'lit', headers: { env: 'production' } },
      ],
    };
    const message = problems(given, {});
    expect(message.split('\n').filter((line) => /(is|are) not set/.test(line))).toEqual([
      '  sources.0.secrets: environment variables OLD_SECRET, NEW_SECRET are not set (one is needed)',
      '  destinations.0.url: environment variable SLACK_HOOK is not set',
    ]);
  });

  it.each([
    ['secret set, the previous one unset: left out', { secret: 'NEW', set: { NEW: SECRET }, want: [SECRET] }],
    [
      'both set: both verify',
      { secret: 'NEW', set: { NEW: SECRET, PREV: OTHER_SECRET }, want: [SECRET, OTHER_SECRET] },
    ],
    [
      'only the list, one of it set',
      { secret: undefined, set: { PREV: OTHER_SECRET }, want: [OTHER_SECRET] },
    ],
  ])('a rotation list: %s', (_name, { secret, set, want }) => {
    const source = {
      name: 's',
      path: '/h',
      ...(secret ? { secret: { env: secret } } : {}),
      secrets: [{ env: 'PREV' }],
    };
    const config = loadConfig({ ...base, sources: [source] }, { env: { ...env, ...set } });
    expect(config.sources[0]!.secrets).toEqual(want);
  });

  it('the `secret` itself stays required', () => {
    const source = { name: 's', path: '/h', secret: { env: 'NEW' }, secrets: [{ env: 'PREV' }] };
    expect(problems({ ...base, sources: [source] }, { ...env, PREV: OTHER_SECRET })).toMatch(
      /sources\.0\.secret: environment variable NEW is not set/,
    );
  });

  it('a missing env variable names the variable, never a secret value', () => {
    const message = problems(YAML_CONFIG.includes('x') ? { ...base } : base, {
      ...env,
      TRACKER_WEBHOOK_SECRET: '',
    });
    expect(message).toMatch(/sources\.0\.secret: environment variable TRACKER_WEBHOOK_SECRET is not set/);
    const literal = {
      ...base,
      destinations: [{ name: 'o', type: 'slack', url: env.SLACK_URL, extra: true }],
    };
    const withSecret = problems(literal);
    expect(withSecret).toMatch(/destinations\.0: unknown key/);
    expect(withSecret).not.toContain('XXXXSECRETXXXX');
  });

  // One set of words per file: Alertmanager's (receivers, receiver) or this package's
  // (destinations, destination). A key of the other set is refused, naming it, not ignored.
  const MIXED = (path: string) =>
    `${path}: this file names destinations (a route's destination); write destination here, or use receivers and receiver throughout, not both`;
  const OLD_YAML = `
sources: [{ name: s, path: /h, scheme: none }]
destinations: [{ name: team, type: stdout }, { name: oncall, type: stdout }]
route:
  receiver: team
  routes:
    - { matchers: { bound: lower }, receiver: oncall }
`;

  it('refuses a file mixing the two sets of words, naming each key of the other set', () => {
    const file = join(dir, 'old.yaml');
    writeFileSync(file, OLD_YAML);
    expect(() => loadConfig(file)).toThrow(MIXED('route.receiver'));
    expect(() => loadConfig(file)).toThrow(MIXED('route.routes.0.receiver'));
    expect(problems({ ...base, route: { destination: 'o', routes: [{ receiver: 'o' }] } })).toContain(
      MIXED('route.routes.0.receiver'),
    );
    expect(problems({ ...base, receivers: [{ name: 'o' }], route: { receiver: 'o' } })).toContain(
      "destinations: this file names receivers (a route's receiver); write receivers here, or use destinations and destination throughout, not both",
    );
  });

  it('check fails on that configuration with the same message', async () => {
    const file = join(dir, 'old-check.yaml');
    writeFileSync(file, OLD_YAML);
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      expect(await runCli(['check', '--config', file])).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect(written.join('')).toContain(MIXED('route.routes.0.receiver'));
  });
});
