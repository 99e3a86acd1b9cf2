// Alertmanager's `receivers` and `global`, as its config package reads them (0.25, with the later
// `msteams_configs`, `url_file` and `webhook_url_file`). What the receiver delivers is accepted as
// Alertmanager writes it; what it cannot honour is refused by name, never silently dropped:
// Go templates other than an integration's defaults, integrations it has no sender for, TLS and
// proxy settings.
import { z } from 'zod';
import { duration, envRef, secretRef } from '../config-common/schema-parts.ts';

const squash = (text: string) => text.replace(/\s+/g, '');

/** Why a templated field is refused: the receiver renders no Go templates. */
const TEMPLATES_REFUSED =
  'templates are not supported (the receiver writes its own messages): leave it out or at its default';

/**
 * A field Alertmanager renders as a Go template: absent or its default value (which the
 * receiver's own message stands for) is honoured; with `literal`, plain text (no `{{`) too.
 */
const templated = (defaultText: string, literal = false) =>
  z
    .string()
    .refine(
      (text) => squash(text) === squash(defaultText) || (literal && !text.includes('{{')),
      literal ? `${TEMPLATES_REFUSED}; plain text is taken as written` : TEMPLATES_REFUSED,
    )
    .optional();

const isUnset = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  v === false ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && v !== null && Object.keys(v).length === 0);

/** An Alertmanager key the receiver cannot honour: accepted only unset (or empty, or false). */
const notSupported = (why: string) => z.unknown().refine(isUnset, `not supported: ${why}`).optional();

/** Alertmanager's URL: http or https, with a host (config.parseURL). A `{ env }` is checked once resolved. */
const amUrl = z.union([
  z.string().superRefine((text, ctx) => {
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {}
    if (!url) ctx.addIssue({ code: 'custom', message: 'must be an http:// or https:// URL' });
    else if (url.protocol !== 'http:' && url.protocol !== 'https:')
      ctx.addIssue({ code: 'custom', message: `unsupported scheme "${url.protocol.slice(0, -1)}" for URL` });
    else if (url.host === '') ctx.addIssue({ code: 'custom', message: 'missing host for URL' });
  }),
  envRef,
]);

/** `host:port`, as Go's net.SplitHostPort reads it (`[::1]:25` for IPv6). */
const hostPort = z
  .string()
  .regex(/^(\[[^\]]*\]|[^:[\]]*):(\d+)$/, 'must be host:port, such as smtp.example.com:587');

const FILE = z.string().min(1);

/** Prometheus' HTTP client settings: authentication is honoured; TLS, proxies and OAuth 2 are not. */
const httpConfigSchema = z
  .strictObject({
    authorization: z
      .strictObject({
        type: z.string().optional(),
        credentials: secretRef.optional(),
        credentials_file: FILE.optional(),
      })
      .optional(),
    basic_auth: z
      .strictObject({
        username: z.string().optional(),
        username_file: FILE.optional(),
        password: secretRef.optional(),
        password_file: FILE.optional(),
      })
      .optional(),
    bearer_token: secretRef.optional(),
    bearer_token_file: FILE.optional(),
    // Posting over HTTP/1.1 or HTTP/2 changes nothing the endpoint receives.
    enable_http2: z.boolean().optional(),
    follow_redirects: z
      .boolean()
      .refine((v) => !v, 'not supported: the receiver does not follow redirects (leave it out or false)')
      .optional(),
    oauth2: notSupported('OAuth 2 client credentials'),
    tls_config: notSupported('TLS settings (the system trust store is used)'),
    proxy_url: notSupported('proxies'),
    proxy_from_environment: notSupported('proxies'),
    no_proxy: notSupported('proxies'),
    proxy_connect_header: notSupported('proxies'),
    http_headers: notSupported('extra HTTP headers'),
  })
  .superRefine((c, ctx) => {
    // prometheus/common's HTTPClientConfig.Validate, in its order and with its words.
    const bearer = c.bearer_token !== undefined || c.bearer_token_file !== undefined;
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (c.bearer_token !== undefined && c.bearer_token_file !== undefined)
      fail('at most one of bearer_token & bearer_token_file must be configured');
    else if (c.basic_auth && bearer)
      fail('at most one of basic_auth, oauth2, bearer_token & bearer_token_file must be configured');
    else if (c.basic_auth?.password !== undefined && c.basic_auth.password_file !== undefined)
      fail('at most one of basic_auth password & password_file must be configured');
    else if (c.authorization) {
      if (bearer) fail('authorization is not compatible with bearer_token & bearer_token_file');
      else if (c.authorization.credentials !== undefined && c.authorization.credentials_file !== undefined)
        fail('at most one of authorization credentials & credentials_file must be configured');
      else if ((c.authorization.type ?? '').trim().toLowerCase() === 'basic')
        fail('authorization type cannot be set to "basic", use "basic_auth" instead');
      else if (c.basic_auth) fail('at most one of basic_auth, oauth2 & authorization must be configured');
    }
  });
export type HttpConfigInput = z.infer<typeof httpConfigSchema>;

const common = { send_resolved: z.boolean().optional(), http_config: httpConfigSchema.optional() };

/** One of `key` and `key_file`, as Alertmanager requires (`required`: at least one). */
const oneOf = (key: string, required: boolean) => (c: Record<string, unknown>, ctx: z.RefinementCtx) => {
  const has = c[key] !== undefined;
  const file = c[`${key}_file`] !== undefined;
  if (has && file)
    ctx.addIssue({ code: 'custom', message: `at most one of ${key} & ${key}_file must be configured` });
  else if (required && !has && !file)
    ctx.addIssue({ code: 'custom', path: [key], message: `one of ${key} or ${key}_file must be configured` });
};

const webhookConfigSchema = z
  .strictObject({
    ...common,
    url: amUrl.optional(),
    url_file: FILE.optional(),
    max_alerts: z.number().int().nonnegative().optional(),
    timeout: duration.optional(),
  })
  .superRefine(oneOf('url', true));

const slackConfigSchema = z
  .strictObject({
    ...common,
    api_url: amUrl.optional(),
    api_url_file: FILE.optional(),
    channel: templated('', true),
    username: templated('{{ template "slack.default.username" . }}', true),
    color: templated('{{ if eq .Status "firing" }}danger{{ else }}good{{ end }}'),
    title: templated('{{ template "slack.default.title" . }}'),
    title_link: templated('{{ template "slack.default.titlelink" . }}'),
    pretext: templated('{{ template "slack.default.pretext" . }}'),
    text: templated('{{ template "slack.default.text" . }}'),
    footer: templated('{{ template "slack.default.footer" . }}'),
    fallback: templated('{{ template "slack.default.fallback" . }}'),
    callback_id: templated('{{ template "slack.default.callbackid" . }}'),
    icon_emoji: templated('{{ template "slack.default.iconemoji" . }}'),
    icon_url: templated('{{ template "slack.default.iconurl" . }}'),
    fields: notSupported('Slack fields (the receiver lays out its own message)'),
    actions: notSupported('Slack actions'),
    image_url: notSupported('Slack images'),
    thumb_url: notSupported('Slack images'),
    mrkdwn_in: notSupported('the receiver chooses where mrkdwn applies'),
    short_fields: notSupported('Slack fields'),
    link_names: notSupported('the receiver escapes names and links in alert text'),
  })
  .superRefine(oneOf('api_url', false));

const msteamsConfigSchema = z
  .strictObject({
    ...common,
    webhook_url: amUrl.optional(),
    webhook_url_file: FILE.optional(),
    title: templated('{{ template "msteams.default.title" . }}'),
    summary: templated('{{ template "msteams.default.summary" . }}'),
    text: templated('{{ template "msteams.default.text" . }}'),
  })
  .superRefine(oneOf('webhook_url', true));

const discordConfigSchema = z
  .strictObject({
    ...common,
    webhook_url: amUrl.optional(),
    webhook_url_file: FILE.optional(),
    title: templated('{{ template "discord.default.title" . }}'),
    message: templated('{{ template "discord.default.message" . }}'),
  })
  .superRefine(oneOf('webhook_url', true));

const pagerdutyConfigSchema = z
  .strictObject({
    ...common,
    routing_key: secretRef.optional(),
    routing_key_file: FILE.optional(),
    service_key: secretRef.optional(),
    service_key_file: FILE.optional(),
    url: amUrl.optional(),
    client: templated('{{ template "pagerduty.default.client" . }}'),
    client_url: templated('{{ template "pagerduty.default.clientURL" . }}'),
    description: templated('{{ template "pagerduty.default.description" .}}'),
    source: templated('', true),
    details: notSupported('custom details (the receiver sends the alert itself)'),
    images: notSupported('PagerDuty images'),
    links: notSupported('PagerDuty links (the receiver links the run)'),
    severity: notSupported("the severity follows the alert's signal"),
    class: notSupported('the class is the alert event type'),
    component: notSupported('the component is the tracker name'),
    group: notSupported('PagerDuty groups'),
  })
  .superRefine((c, ctx) => {
    if (
      c.routing_key === undefined &&
      c.service_key === undefined &&
      !c.routing_key_file &&
      !c.service_key_file
    )
      ctx.addIssue({ code: 'custom', message: 'missing service or routing key in PagerDuty config' });
    oneOf('routing_key', false)(c, ctx);
    oneOf('service_key', false)(c, ctx);
  });

const emailConfigSchema = z.strictObject({
  send_resolved: z.boolean().optional(),
  to: z.string().min(1, 'missing to address in email config'),
  from: z.string().optional(),
  hello: z.string().optional(),
  smarthost: hostPort.optional(),
  auth_username: z.string().optional(),
  auth_password: secretRef.optional(),
  auth_password_file: FILE.optional(),
  auth_secret: notSupported('CRAM-MD5 (auth_username and auth_password log in with PLAIN or LOGIN)'),
  auth_identity: notSupported('a PLAIN identity other than auth_username'),
  headers: notSupported('headers are templates (the receiver writes Subject, From and To)'),
  html: templated('{{ template "email.default.html" . }}'),
  text: templated(''),
  require_tls: z.boolean().optional(),
  tls_config: notSupported('TLS settings (the system trust store is used)'),
});

/** Alertmanager's integrations the receiver has no sender for: an empty list is all it accepts. */
const UNSUPPORTED = [
  'opsgenie_configs',
  'wechat_configs',
  'pushover_configs',
  'victorops_configs',
  'sns_configs',
  'telegram_configs',
  'webex_configs',
] as const;

const unsupportedIntegrations = Object.fromEntries(
  UNSUPPORTED.map((key) => [
    key,
    notSupported(
      'no sender for this integration (webhook, slack, msteams, pagerduty, email and discord are, and trackerkit_configs)',
    ),
  ]),
) as Record<(typeof UNSUPPORTED)[number], ReturnType<typeof notSupported>>;

export const globalSchema = z.strictObject({
  resolve_timeout: duration.optional(),
  http_config: httpConfigSchema.optional(),
  smtp_from: z.string().optional(),
  smtp_hello: z.string().optional(),
  smtp_smarthost: hostPort.or(z.literal('')).optional(),
  smtp_auth_username: z.string().optional(),
  smtp_auth_password: secretRef.optional(),
  smtp_auth_password_file: FILE.optional(),
  // Refused where an e-mail integration inherits them (normalize-receivers), not here.
  smtp_auth_secret: z.string().optional(),
  smtp_auth_identity: z.string().optional(),
  smtp_require_tls: z.boolean().optional(),
  slack_api_url: amUrl.optional(),
  slack_api_url_file: FILE.optional(),
  pagerduty_url: amUrl.optional(),
  // Settings of integrations the receiver refuses: harmless while no receiver uses one.
  opsgenie_api_url: amUrl.optional(),
  opsgenie_api_key: secretRef.optional(),
  opsgenie_api_key_file: FILE.optional(),
  wechat_api_url: amUrl.optional(),
  wechat_api_secret: secretRef.optional(),
  wechat_api_corp_id: z.string().optional(),
  victorops_api_url: amUrl.optional(),
  victorops_api_key: secretRef.optional(),
  victorops_api_key_file: FILE.optional(),
  telegram_api_url: amUrl.optional(),
  webex_api_url: amUrl.optional(),
});
export type GlobalInput = z.infer<typeof globalSchema>;

/** A receiver as Alertmanager's, plus `trackerkit_configs` for this package's own destination types. */
export const receiverSchema = <T extends z.ZodType>(trackerkitConfig: T) =>
  z.strictObject({
    name: z.string().min(1, 'missing name in receiver'),
    webhook_configs: z.array(webhookConfigSchema).optional(),
    slack_configs: z.array(slackConfigSchema).optional(),
    msteams_configs: z.array(msteamsConfigSchema).optional(),
    pagerduty_configs: z.array(pagerdutyConfigSchema).optional(),
    email_configs: z.array(emailConfigSchema).optional(),
    discord_configs: z.array(discordConfigSchema).optional(),
    trackerkit_configs: z.array(trackerkitConfig).optional(),
    ...unsupportedIntegrations,
  });
