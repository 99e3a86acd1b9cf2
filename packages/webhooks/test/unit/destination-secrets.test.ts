// Every destination type declares its credentials, and those get cut from logs. The table needs a
// row for every type of the list (`satisfies Record<DestinationType, …>`: a new type without one
// does not compile), each loaded from a file as an operator writes it.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.ts';
import { configSecrets, destinationSecrets } from '../../src/config/secret-values.ts';
import { cutSecrets } from '../../src/config-common/cut-secrets.ts';
import { DESTINATION_TYPES, type DestinationType } from '../../src/delivery/destinations/index.ts';
import { createLogger, maskSecrets } from '../../src/telemetry/logger.ts';
import { SECRET } from '../helpers/alerts.ts';

interface Row {
  /** The destination as written in the file (without its name). */
  entry: Record<string, unknown>;
  /** What a destination could echo back of its credentials: none of it may reach a log line. */
  hidden: string[];
  /** Settings that are not credentials: they stay readable. */
  visible: string[];
}

const basic = (user: string, password: string) => Buffer.from(`${user}:${password}`).toString('base64');

const env = {
  TRACKER_WEBHOOK_SECRET: SECRET,
  HOOK_PASSWORD: 'hook-password-0123',
  SLACK_URL: 'https://hooks.slack.example.test/services/T0/B0/slack-token-0123',
  PD_KEY: 'pd-routing-key-0123',
  SMTP_PASS: 'smtp-password-0123',
  NTFY_TOKEN: 'tk_ntfy-token-0123',
};

const TABLE = {
  webhook: [
    {
      entry: {
        url: 'https://am.example.test/hook/hook-path-token-0123',
        basic_auth: { username: 'operator', password: { env: 'HOOK_PASSWORD' } },
        max_alerts: 20,
      },
      hidden: [
        '/hook/hook-path-token-0123',
        'hook-password-0123',
        'operator:hook-password-0123',
        basic('operator', 'hook-password-0123'),
      ],
      visible: ['https://am.example.test'],
    },
    {
      entry: { url: 'https://am.example.test/hook', bearer_token: 'hook-bearer-0123' },
      hidden: ['hook-bearer-0123', 'Bearer hook-bearer-0123'],
      visible: [],
    },
  ],
  slack: [
    {
      entry: { url: { env: 'SLACK_URL' } },
      hidden: [env.SLACK_URL, '/services/T0/B0/slack-token-0123'],
      visible: ['hooks.slack.example.test'],
    },
  ],
  discord: [
    {
      entry: {
        url: 'https://discord.example.test/api/webhooks/1/discord-token-0123',
        username: 'Tracker bot',
      },
      hidden: ['/api/webhooks/1/discord-token-0123'],
      visible: ['Tracker bot'],
    },
  ],
  teams: [
    {
      entry: { url: 'https://teams.example.test/workflows/run?api-version=1&sig=teams-sig-0123' },
      hidden: ['api-version=1&sig=teams-sig-0123', '/workflows/run?api-version=1&sig=teams-sig-0123'],
      visible: ['teams.example.test'],
    },
  ],
  pagerduty: [
    {
      entry: { routing_key: { env: 'PD_KEY' }, source: 'tracker-source' },
      hidden: ['pd-routing-key-0123'],
      visible: ['tracker-source'],
    },
  ],
  email: [
    {
      entry: {
        smtp: { host: 'smtp.example.test', user: 'mailer', pass: { env: 'SMTP_PASS' } },
        from: 'alerts@example.test',
        to: ['oncall@example.test'],
      },
      hidden: ['smtp-password-0123'],
      visible: ['alerts@example.test', 'oncall@example.test', 'smtp.example.test'],
    },
  ],
  forward: [
    {
      entry: {
        url: 'https://relay.example.test/in/forward-token-0123',
        secret: 'whsec_Zm9yd2FyZC1zZWNyZXQtMDEyMw==',
        headers: { 'x-api-key': 'forward-api-key-0123' },
      },
      hidden: ['/in/forward-token-0123', 'whsec_Zm9yd2FyZC1zZWNyZXQtMDEyMw==', 'forward-api-key-0123'],
      visible: ['relay.example.test'],
    },
  ],
  n8n: [
    {
      entry: {
        url: 'https://n8n.example.test/webhook/n8n-path-token-0123',
        secret: 'whsec_bjhuLXNlY3JldC0wMTIzNDU=',
      },
      hidden: ['/webhook/n8n-path-token-0123', 'whsec_bjhuLXNlY3JldC0wMTIzNDU='],
      visible: ['n8n.example.test'],
    },
  ],
  ntfy: [
    {
      entry: { url: 'https://ntfy.example.test', topic: 'tracker-alerts', token: { env: 'NTFY_TOKEN' } },
      hidden: ['tk_ntfy-token-0123'],
      visible: ['tracker-alerts'],
    },
  ],
  alertmanager: [
    {
      entry: {
        url: 'https://alertmanager.example.test/prefix',
        basic_auth: { username: 'am-user', password: 'am-password-0123' },
        alertname: 'TrackerPage',
      },
      hidden: ['am-password-0123'],
      visible: ['TrackerPage'],
    },
    {
      entry: { url: 'https://alertmanager.example.test', bearer_token: 'am-bearer-0123' },
      hidden: ['am-bearer-0123'],
      visible: [],
    },
  ],
  file: [{ entry: { path: '/var/log/tracker-alerts.jsonl' }, hidden: [], visible: ['tracker-alerts.jsonl'] }],
  stdout: [{ entry: {}, hidden: [], visible: [] }],
} satisfies Record<DestinationType, Row[]>;

const rows = Object.entries(TABLE).flatMap(([type, list]) =>
  (list as Row[]).map((row, i) => ({ type, i, ...row })),
);

function load(type: string, entry: Record<string, unknown>) {
  return loadConfig(
    {
      sources: [{ name: 'tracker', path: '/', secret: { env: 'TRACKER_WEBHOOK_SECRET' } }],
      destinations: [{ name: 'out', type, ...entry }],
      route: { destination: 'out' },
    },
    { env },
  );
}

describe('each destination type declares its credentials, and they are cut from logs', () => {
  it('the table has a row for every registered type', () => {
    expect(Object.keys(TABLE).sort()).toEqual(DESTINATION_TYPES.map((d) => d.type).sort());
  });

  it.each(rows)('$type #$i', ({ type, entry, hidden, visible }) => {
    const config = load(type, entry);
    const destination = config.destinations[0]!;
    expect(destination.type).toBe(type);
    // The logger's last line of defence: an error body echoing everything back, in the message
    // and in a field whose name does not look secret.
    const echo = [...hidden, ...visible].join(' | ');
    const lines: string[] = [];
    const logger = maskSecrets(createLogger({ write: (line) => lines.push(line) }), configSecrets(config));
    logger.error(`delivery failed: ${echo}`, { detail: echo });
    // The outbox's own cut of an attempt's error, with this destination's secrets only.
    const outboxError = cutSecrets(`HTTP 401: ${echo}`, destinationSecrets(destination));
    for (const text of [lines.join(''), outboxError]) {
      for (const value of hidden) expect(text).not.toContain(value);
      for (const value of visible) expect(text).toContain(value);
      if (hidden.length > 0) expect(text).toContain('[redacted]');
    }
    if (hidden.length === 0) expect(destinationSecrets(destination)).toEqual([]);
  });
});
