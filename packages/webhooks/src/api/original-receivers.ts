// A receiver of the operator's file as Alertmanager 0.25 prints it in `config.original` (its
// config package marshalled): each integration with its defaults, the global values it takes,
// `<secret>` for a secret. Plain objects in Alertmanager's field order, for config-original.ts.
import type { GlobalInput, HttpConfigInput } from '../config/alertmanager-schema.ts';
import type { ReceiverInput } from '../config/config-schema.ts';

type Printed = Record<string, unknown>;

/** What Alertmanager prints for a secret it holds. */
const SECRET = '<secret>';

/** Alertmanager's defaults for `global` (config.DefaultGlobalConfig). */
export const GLOBAL_URLS = {
  pagerduty_url: 'https://events.pagerduty.com/v2/enqueue',
  opsgenie_api_url: 'https://api.opsgenie.com/',
  wechat_api_url: 'https://qyapi.weixin.qq.com/cgi-bin/',
  victorops_api_url: 'https://alert.victorops.com/integrations/generic/20131114/alert/',
  telegram_api_url: 'https://api.telegram.org',
  webex_api_url: 'https://webexapis.com/v1/messages',
} as const;

/** Drops the keys Go's `omitempty` leaves out (empty strings, false flags it marks so, nothing). */
export function compact(fields: Printed): Printed {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== ''));
}

/** A secret's field: `<secret>` when one is set, as Alertmanager's Secret and SecretURL print. */
export const secret = (value: unknown): string | undefined =>
  value === undefined || value === '' ? undefined : SECRET;

/**
 * A URL Alertmanager prints in the clear (its URL type, not SecretURL). One of its own defaults is
 * shown as it is; one the operator wrote keeps its scheme and host while its path, query and user
 * info, where tokens go, print as `<secret>` (`https://hooks.example.com/<secret>`); one from the
 * environment or a file shows as `https://<secret>/`. Each is a URL amtool reads back.
 */
export function shownUrl(value: unknown, defaults: readonly string[] = []): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return `https://${SECRET}/`;
  if (defaults.includes(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `https://${SECRET}/`;
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && !url.username && !url.password;
  return bare ? value : `${url.protocol}//${url.host}/${SECRET}`;
}

/**
 * Prometheus' HTTP client settings as Alertmanager prints them: its defaults (redirects followed,
 * HTTP/2) under what is written; a `bearer_token` becomes `authorization` of type Bearer, as its
 * loader rewrites it.
 */
export function httpConfig(h: HttpConfigInput | undefined): Printed {
  const basic = h?.basic_auth;
  const bearer = h?.bearer_token ?? h?.bearer_token_file;
  const authorization = h?.authorization
    ? {
        type: h.authorization.type?.trim() || 'Bearer',
        credentials: secret(h.authorization.credentials),
        credentials_file: h.authorization.credentials_file,
      }
    : bearer !== undefined
      ? {
          type: 'Bearer',
          credentials: secret(h?.bearer_token),
          credentials_file: h?.bearer_token_file,
        }
      : undefined;
  return compact({
    basic_auth: basic
      ? {
          username: basic.username ?? '',
          ...compact({
            username_file: basic.username_file,
            password: secret(basic.password),
            password_file: basic.password_file,
          }),
        }
      : undefined,
    authorization: authorization ? compact(authorization) : undefined,
    follow_redirects: h?.follow_redirects ?? true,
    enable_http2: h?.enable_http2 ?? true,
  });
}

const PAGERDUTY_DETAILS = {
  firing: '{{ template "pagerduty.default.instances" .Alerts.Firing }}',
  num_firing: '{{ .Alerts.Firing | len }}',
  num_resolved: '{{ .Alerts.Resolved | len }}',
  resolved: '{{ template "pagerduty.default.instances" .Alerts.Resolved }}',
};
const PAGERDUTY_CLIENT = '{{ template "pagerduty.default.client" . }}';

/** The values an integration takes from `global` when it leaves them out. */
interface Inherited {
  global: GlobalInput;
  http: Printed;
}

type Webhook = NonNullable<ReceiverInput['webhook_configs']>[number];
type Slack = NonNullable<ReceiverInput['slack_configs']>[number];
type Teams = NonNullable<ReceiverInput['msteams_configs']>[number];
type Discord = NonNullable<ReceiverInput['discord_configs']>[number];
type Pagerduty = NonNullable<ReceiverInput['pagerduty_configs']>[number];
type Email = NonNullable<ReceiverInput['email_configs']>[number];

const own = (h: HttpConfigInput | undefined, g: Inherited) => (h ? httpConfig(h) : g.http);

// Alertmanager 0.25 has no `url_file` or `webhook_url_file` (later releases do): a URL read from a
// file prints as the URL it stands for would, so amtool 0.25 reads the text back.
const webhook = (w: Webhook, g: Inherited): Printed => ({
  send_resolved: w.send_resolved ?? true,
  http_config: own(w.http_config, g),
  url: w.url === undefined ? `https://${SECRET}/` : shownUrl(w.url),
  max_alerts: w.max_alerts ?? 0,
});

const slack = (s: Slack, g: Inherited): Printed => {
  const ownUrl = s.api_url !== undefined || s.api_url_file !== undefined;
  return compact({
    send_resolved: s.send_resolved ?? false,
    http_config: own(s.http_config, g),
    api_url: secret(ownUrl ? s.api_url : g.global.slack_api_url),
    api_url_file: ownUrl ? s.api_url_file : g.global.slack_api_url_file,
    channel: s.channel,
    username: s.username ?? '{{ template "slack.default.username" . }}',
    color: s.color ?? '{{ if eq .Status "firing" }}danger{{ else }}good{{ end }}',
    title: s.title ?? '{{ template "slack.default.title" . }}',
    title_link: s.title_link ?? '{{ template "slack.default.titlelink" . }}',
    pretext: s.pretext ?? '{{ template "slack.default.pretext" . }}',
    text: s.text ?? '{{ template "slack.default.text" . }}',
    short_fields: false,
    footer: s.footer ?? '{{ template "slack.default.footer" . }}',
    fallback: s.fallback ?? '{{ template "slack.default.fallback" . }}',
    callback_id: s.callback_id ?? '{{ template "slack.default.callbackid" . }}',
    icon_emoji: s.icon_emoji ?? '{{ template "slack.default.iconemoji" . }}',
    icon_url: s.icon_url ?? '{{ template "slack.default.iconurl" . }}',
    link_names: false,
  });
};

const discord = (d: Discord, g: Inherited): Printed =>
  compact({
    send_resolved: d.send_resolved ?? true,
    http_config: own(d.http_config, g),
    webhook_url: SECRET,
    title: d.title ?? '{{ template "discord.default.title" . }}',
    message: d.message ?? '{{ template "discord.default.message" . }}',
  });

/** As Alertmanager 0.26, which brought `msteams_configs`, prints it. */
const msteams = (t: Teams, g: Inherited): Printed =>
  compact({
    send_resolved: t.send_resolved ?? true,
    http_config: own(t.http_config, g),
    webhook_url: SECRET,
    title: t.title ?? '{{ template "msteams.default.title" . }}',
    text: t.text ?? '{{ template "msteams.default.text" . }}',
  });

const pagerduty = (p: Pagerduty, g: Inherited): Printed => {
  const client = p.client ?? PAGERDUTY_CLIENT;
  return compact({
    send_resolved: p.send_resolved ?? true,
    http_config: own(p.http_config, g),
    service_key: secret(p.service_key),
    service_key_file: p.service_key_file,
    routing_key: secret(p.routing_key),
    routing_key_file: p.routing_key_file,
    url: shownUrl(p.url ?? g.global.pagerduty_url ?? GLOBAL_URLS.pagerduty_url, [GLOBAL_URLS.pagerduty_url]),
    client,
    client_url: p.client_url ?? '{{ template "pagerduty.default.clientURL" . }}',
    description: p.description ?? '{{ template "pagerduty.default.description" .}}',
    details: PAGERDUTY_DETAILS,
    source: p.source || client,
  });
};

const email = (e: Email, g: Inherited): Printed => {
  const G = g.global;
  const from = e.from || G.smtp_from;
  const ownPassword = e.auth_password !== undefined || e.auth_password_file !== undefined;
  // The e-mail notifier fills in these headers when Alertmanager builds it, before it prints.
  const headers = { From: from, Subject: '{{ template "email.default.subject" . }}', To: e.to };
  return compact({
    send_resolved: e.send_resolved ?? false,
    to: e.to,
    from,
    hello: e.hello || (G.smtp_hello ?? 'localhost'),
    smarthost: e.smarthost || G.smtp_smarthost,
    auth_username: e.auth_username || G.smtp_auth_username,
    auth_password: secret(ownPassword ? e.auth_password : G.smtp_auth_password),
    auth_password_file: ownPassword ? e.auth_password_file : G.smtp_auth_password_file,
    auth_secret: secret(G.smtp_auth_secret),
    auth_identity: G.smtp_auth_identity,
    headers,
    html: e.html ?? '{{ template "email.default.html" . }}',
    text: e.text,
    require_tls: e.require_tls ?? G.smtp_require_tls ?? true,
  });
};

/**
 * One receiver as Alertmanager prints it. `trackerkit_configs` are this package's own and no
 * Alertmanager reads them: they are left out (a receiver of only those prints as one without
 * integrations).
 */
export function printedReceiver(r: ReceiverInput, global: GlobalInput, http: Printed): Printed {
  const g: Inherited = { global, http };
  const list = <T>(items: T[] | undefined, print: (item: T, g: Inherited) => Printed) =>
    items && items.length > 0 ? items.map((item) => print(item, g)) : undefined;
  return compact({
    name: r.name,
    discord_configs: list(r.discord_configs, discord),
    email_configs: list(r.email_configs, email),
    pagerduty_configs: list(r.pagerduty_configs, pagerduty),
    slack_configs: list(r.slack_configs, slack),
    webhook_configs: list(r.webhook_configs, webhook),
    msteams_configs: list(r.msteams_configs, msteams),
  });
}
