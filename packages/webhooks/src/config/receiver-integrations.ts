// Each of Alertmanager's integrations (`webhook_configs`, `slack_configs`, …) → one destination,
// `global` filling in what the integration leaves out, as Alertmanager's config loader does.
// Each returns undefined, with a problem recorded, when the integration cannot be made.

import type { ReceiverInput } from './config-schema.ts';
import { authHeaders, type ReceiverReading, refuseAuth } from './receiver-reading.ts';
import type { DestinationConfig } from './types.ts';

/** Where PagerDuty's Events API v1 takes a `service_key` (Alertmanager posts there, whatever `url` says). */
const PAGERDUTY_V1_URL = 'https://events.pagerduty.com/generic/2010-04-15/create_event.json';
const PAGERDUTY_V2_URL = 'https://events.pagerduty.com/v2/enqueue';

/** What every destination of a receiver has: its name, its receiver, the timeout and retry policy. */
export interface IntegrationBase {
  name: string;
  receiver: string;
  timeoutMs: number;
  retry: DestinationConfig['retry'];
}

type Entry<K extends keyof ReceiverInput> =
  NonNullable<ReceiverInput[K]> extends readonly (infer E)[] ? E : never;
/** One integration's entry → its destination. `base` takes the entry's own timeout, if it has one. */
type Integration<K extends keyof ReceiverInput> = (
  entry: Entry<K>,
  at: string,
  base: (timeout?: number | string) => IntegrationBase,
  read: ReceiverReading,
) => DestinationConfig | undefined;

const webhook: Integration<'webhook_configs'> = (w, at, base, read) => ({
  ...base(w.timeout),
  type: 'webhook',
  url: read.url(read.either(w, 'url', at) ?? '', `${at}.url`),
  sendResolved: w.send_resolved ?? true,
  maxAlerts: w.max_alerts ?? 0,
  headers: authHeaders(read, w.http_config ?? read.global.http_config, `${at}.http_config`),
});

const slack: Integration<'slack_configs'> = (s, at, base, read) => {
  refuseAuth(read, s.http_config, at);
  const own = read.either(s, 'api_url', at);
  const fallback = read.either(read.global, 'slack_api_url', 'global');
  if (own === undefined && fallback === undefined) {
    read.problems.push(`${at}.api_url: no global Slack API URL set either inline or in a file`);
    return undefined;
  }
  return {
    ...base(),
    type: 'slack',
    url: read.url((own ?? fallback)!, own !== undefined ? `${at}.api_url` : 'global.slack_api_url'),
    sendResolved: s.send_resolved ?? false,
    ...(s.channel ? { channel: s.channel } : {}),
    ...(s.username && !s.username.includes('{{') ? { username: s.username } : {}),
  };
};

const msteams: Integration<'msteams_configs'> = (t, at, base, read) => {
  refuseAuth(read, t.http_config, at);
  const webhook = read.either(t, 'webhook_url', at) ?? '';
  return {
    ...base(),
    type: 'teams',
    url: read.url(webhook, `${at}.webhook_url`),
    sendResolved: t.send_resolved ?? true,
  };
};

const discord: Integration<'discord_configs'> = (d, at, base, read) => {
  refuseAuth(read, d.http_config, at);
  const webhook = read.either(d, 'webhook_url', at) ?? '';
  return {
    ...base(),
    type: 'discord',
    url: read.url(webhook, `${at}.webhook_url`),
    sendResolved: d.send_resolved ?? true,
  };
};

const pagerduty: Integration<'pagerduty_configs'> = (p, at, base, read) => {
  refuseAuth(read, p.http_config, at);
  // As Alertmanager: a service key means Events API v1, whatever else is set.
  const serviceKey = read.either(p, 'service_key', at);
  const common = {
    ...base(),
    type: 'pagerduty' as const,
    sendResolved: p.send_resolved ?? true,
    ...(p.source ? { source: p.source } : {}),
  };
  if (serviceKey !== undefined) {
    return { ...common, url: PAGERDUTY_V1_URL, routingKey: serviceKey, events: 'v1' };
  }
  const { global } = read;
  const endpoint =
    p.url !== undefined
      ? read.secret(p.url, `${at}.url`)
      : global.pagerduty_url !== undefined
        ? read.secret(global.pagerduty_url, 'global.pagerduty_url')
        : PAGERDUTY_V2_URL;
  return {
    ...common,
    url: read.url(endpoint, `${at}.url`),
    routingKey: read.either(p, 'routing_key', at) ?? '',
  };
};

const email: Integration<'email_configs'> = (e, at, base, read) => {
  const { global, problems } = read;
  const smarthost = e.smarthost || global.smtp_smarthost;
  const from = e.from || global.smtp_from;
  if (!smarthost || !from) {
    problems.push(
      !smarthost ? `${at}.smarthost: no global SMTP smarthost set` : `${at}.from: no global SMTP from set`,
    );
    return undefined;
  }
  for (const key of ['auth_secret', 'auth_identity'] as const) {
    if (global[`smtp_${key}`] && !e[key])
      problems.push(
        `global.smtp_${key}: not supported: ${at} would use it (CRAM-MD5 and PLAIN identities are not)`,
      );
  }
  const [, host, port] = /^\[?(.*?)\]?:(\d+)$/.exec(smarthost)!;
  const user = e.auth_username || global.smtp_auth_username;
  const own = e.auth_password !== undefined || e.auth_password_file !== undefined;
  const pass = own
    ? read.either(e, 'auth_password', at)
    : read.either(global, 'smtp_auth_password', 'global');
  // Port 465 is TLS from the first byte (Alertmanager dials it so); elsewhere STARTTLS, required
  // unless require_tls is false.
  const secure = port === '465';
  return {
    ...base(),
    type: 'email',
    sendResolved: e.send_resolved ?? false,
    smtp: {
      host: host!,
      port: Number(port),
      secure,
      requireTls: !secure && (e.require_tls ?? global.smtp_require_tls ?? true),
      hello: e.hello || global.smtp_hello || 'localhost',
      ...(user ? { user } : {}),
      ...(pass ? { pass } : {}),
    },
    from,
    to: [e.to],
  };
};

/**
 * Alertmanager's integrations in the order a receiver's destinations are listed, each with the
 * word its destinations are named by (`team-x/webhook[0]`).
 */
export const INTEGRATIONS = [
  { key: 'webhook_configs', kind: 'webhook', make: webhook },
  { key: 'slack_configs', kind: 'slack', make: slack },
  { key: 'msteams_configs', kind: 'msteams', make: msteams },
  { key: 'discord_configs', kind: 'discord', make: discord },
  { key: 'pagerduty_configs', kind: 'pagerduty', make: pagerduty },
  { key: 'email_configs', kind: 'email', make: email },
] as const;
