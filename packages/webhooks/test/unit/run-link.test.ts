// The run's link: offered only when the URL is on one of the console's origins
// (`links.console_origins`), never with userinfo or a backslash, and with no origin configured,
// never.
import { describe, expect, it } from 'vitest';
import { consoleOrigin, runLink, safeLink } from '../../src/alerts/run-link.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import { SECRET } from '../helpers/alerts.ts';

describe('runLink', () => {
  const ORIGINS = ['https://console.tracker.com', 'http://127.0.0.1:4010'];
  const cases: Array<[string, { given: unknown; want: string | null }]> = [
    [
      'on the console',
      { given: 'https://console.tracker.com/runs/1', want: 'https://console.tracker.com/runs/1' },
    ],
    [
      'on the console, default port',
      { given: 'https://console.tracker.com:443/r', want: 'https://console.tracker.com/r' },
    ],
    [
      'on the console, host in capitals',
      { given: 'HTTPS://Console.Tracker.COM/r', want: 'https://console.tracker.com/r' },
    ],
    [
      'the local console',
      { given: 'http://127.0.0.1:4010/_emulator/', want: 'http://127.0.0.1:4010/_emulator/' },
    ],
    ['userinfo naming the console', { given: 'https://console.tracker.com@evil.com/runs/1', want: null }],
    ['userinfo on the console', { given: 'https://user:pw@console.tracker.com/runs/1', want: null }],
    ['a backslash', { given: 'https://console.tracker.com\\@evil.com/runs/1', want: null }],
    ['a backslash in the path', { given: 'https://console.tracker.com/runs\\1', want: null }],
    ['another host', { given: 'https://evil.com/runs/1', want: null }],
    ['a lookalike subdomain', { given: 'https://console.tracker.com.evil.io/runs/1', want: null }],
    ['http on an https console', { given: 'http://console.tracker.com/runs/1', want: null }],
    ['another port', { given: 'https://console.tracker.com:8443/runs/1', want: null }],
    ['javascript', { given: 'javascript:alert(1)//console.tracker.com', want: null }],
    ['relative', { given: '/runs/1', want: null }],
    ['not a string', { given: 42, want: null }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(runLink(given, ORIGINS)).toBe(want);
  });

  it('offers nothing without a console origin configured', () => {
    expect(runLink('https://console.tracker.com/runs/1', [])).toBeNull();
  });

  it('safeLink: any host, still without userinfo or a backslash', () => {
    expect(safeLink('https://evil.com/runs/1')).toBe('https://evil.com/runs/1');
    expect(safeLink('https://console.tracker.com@evil.com/runs/1')).toBeNull();
    expect(safeLink('https://evil.com\\x')).toBeNull();
  });
});

describe('consoleOrigin (links.console_origins)', () => {
  const cases: Array<[string, { given: string; want: string | null }]> = [
    ['an https origin', { given: 'https://console.tracker.com', want: 'https://console.tracker.com' }],
    [
      'with a trailing slash and capitals',
      { given: 'https://Console.Tracker.com/', want: 'https://console.tracker.com' },
    ],
    ['http with a port', { given: 'http://127.0.0.1:4010', want: 'http://127.0.0.1:4010' }],
    ['a path', { given: 'https://console.tracker.com/runs', want: null }],
    ['userinfo', { given: 'https://a@console.tracker.com', want: null }],
    ['another scheme', { given: 'ftp://console.tracker.com', want: null }],
    ['no scheme', { given: 'console.tracker.com', want: null }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const checked = consoleOrigin(given);
    expect('origin' in checked ? checked.origin : null).toBe(want);
  });
});

describe('links.console_origins in the configuration file', () => {
  const file = (links?: object) => ({
    ...(links ? { links } : {}),
    destinations: [
      { name: 'out', type: 'stdout' },
      { name: 'chat', type: 'ntfy', topic: 'alerts' },
    ],
    route: { destination: 'out' },
  });
  const env = { TRACKERKIT_WEBHOOKS_SECRET: SECRET };

  it('reaches every destination, in the form runLink compares', () => {
    const config = loadConfig(file({ console_origins: ['HTTPS://Console.Tracker.com/'] }), { env });
    for (const d of config.destinations) expect(d.consoleOrigins).toEqual(['https://console.tracker.com']);
  });

  it('defaults to none: no run link is offered', () => {
    for (const d of loadConfig(file(), { env }).destinations) expect(d.consoleOrigins).toEqual([]);
  });

  it('refuses an entry that is not an origin, naming it and the rule', () => {
    expect(() =>
      loadConfig(file({ console_origins: ['https://console.tracker.com/runs'] }), { env }),
    ).toThrow(/links\.console_origins\.0: must be an origin such as https:\/\/console\.example\.com/);
  });
});
