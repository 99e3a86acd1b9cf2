// Alertmanager's receivers → the destinations the receiver delivers to. Each integration is one
// destination, named `<receiver>/<integration>[<index>]` as Alertmanager names it in its logs
// (`team-x/webhook[0]`), carrying its receiver's name for the webhook payload. `global` fills in
// what an integration leaves out, as Alertmanager's config loader does.
import type { GlobalInput, HttpConfigInput } from './alertmanager-schema.ts';
import type { ReceiverInput } from './config-schema.ts';
import { normalizeDestination } from './normalize-destination.ts';
import { parseDuration } from './parse-duration.ts';
import { readSecretFile, resolveSecret, resolveUrl } from './resolve-secret.ts';
import type { SecretRef } from './schema-parts.ts';
import type { DestinationConfig, RetryPolicy } from './types.ts';

/** Where PagerDuty's Events API v1 takes a `service_key` (Alertmanager posts there, whatever `url` says). */
const PAGERDUTY_V1_URL = 'https://events.pagerduty.com/generic/2010-04-15/create_event.json';
const PAGERDUTY_V2_URL = 'https://events.pagerduty.com/v2/enqueue';

export interface ReceiversContext {
  env: NodeJS.ProcessEnv;
  /** The directory `*_file` paths are relative to: the configuration file's, as Alertmanager's. */
  baseDir: string;
  retry: RetryPolicy;
  timeoutMs: number;
}

export interface NormalizedReceivers {
  destinations: DestinationConfig[];
  /** Where each destination was configured (`receivers.0.webhook_configs.1`), in the same order. */
  paths: string[];
  /** Receiver name → the names of its destinations (none for a receiver without integrations). */
  byReceiver: Map<string, string[]>;
  problems: string[];
}

type Kind = 'webhook' | 'slack' | 'msteams' | 'pagerduty' | 'email' | 'discord';

export function normalizeReceivers(
  receivers: readonly ReceiverInput[],
  global: GlobalInput,
  ctx: ReceiversContext,
): NormalizedReceivers {
  const problems: string[] = [];
  const out: NormalizedReceivers = { destinations: [], paths: [], byReceiver: new Map(), problems };
  // An unset variable is already a problem (missingEnvProblems): its value is left empty here, so
  // every other problem of the file is found in the same run.
  const secret = (ref: SecretRef, at: string) =>
    typeof ref === 'string' ? ref : ctx.env[ref.env] ? resolveSecret(ref, at, ctx.env) : '';
  const file = (path: string, at: string): string => {
    const read = readSecretFile(path, at, ctx.baseDir);
    if ('problem' in read) problems.push(read.problem);
    return 'value' in read ? read.value : '';
  };
  /** `key` or `key_file` of `o` (one of them is set: the schema checked it), else the fallback. */
  const either = (o: Record<string, unknown>, key: string, at: string): string | undefined => {
    if (o[key] !== undefined) return secret(o[key] as SecretRef, `${at}.${key}`);
    if (o[`${key}_file`] !== undefined) return file(o[`${key}_file`] as string, `${at}.${key}_file`);
    return undefined;
  };
  const url = (value: string, at: string) => {
    if (value === '') return value;
    try {
      return resolveUrl(value, at, ctx.env);
    } catch (error) {
      problems.push((error as Error).message.replace(/^.*?invalid configuration: /, ''));
      return value;
    }
  };
  /** The `Authorization` header of an http_config, as Prometheus' HTTP client sends it. */
  const authHeaders = (h: HttpConfigInput | undefined, at: string): Record<string, string> => {
    if (h?.basic_auth) {
      const b = h.basic_auth;
      const username =
        b.username ?? (b.username_file ? file(b.username_file, `${at}.basic_auth.username_file`) : '');
      const password = either(b, 'password', `${at}.basic_auth`) ?? '';
      return { Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
    }
    if (h?.authorization) {
      const type = h.authorization.type?.trim() || 'Bearer';
      return {
        Authorization: `${type} ${either(h.authorization, 'credentials', `${at}.authorization`) ?? ''}`,
      };
    }
    const bearer = h ? either(h, 'bearer_token', at) : undefined;
    return bearer === undefined ? {} : { Authorization: `Bearer ${bearer}` };
  };
  /** A chat or paging integration sends no headers of its own: authentication there is refused. */
  const noAuth = (own: HttpConfigInput | undefined, at: string) => {
    const h = own ?? global.http_config;
    if (h && (h.basic_auth || h.authorization || h.bearer_token || h.bearer_token_file)) {
      const where = own ? `${at}.http_config` : 'global.http_config';
      problems.push(
        `${where}: not supported: authentication for ${at.split('.')[2]} (only webhook_configs send it)`,
      );
    }
  };

  const names = new Set<string>();
  receivers.forEach((r, i) => {
    const here = `receivers.${i}`;
    const repeated = out.byReceiver.has(r.name);
    if (repeated) problems.push(`${here}.name: notification config name "${r.name}" is not unique`);
    const mine: string[] = [];
    const add = (d: DestinationConfig, at: string) => {
      if (names.has(d.name) && !repeated) problems.push(`${at}: two integrations named ${d.name}`);
      names.add(d.name);
      out.destinations.push(d);
      out.paths.push(at);
      mine.push(d.name);
    };
    const base = (kind: Kind | string, j: number, timeout?: number | string) => ({
      name: `${r.name}/${kind}[${j}]`,
      receiver: r.name,
      timeoutMs: timeout !== undefined ? parseDuration(timeout) : ctx.timeoutMs,
      retry: ctx.retry,
    });
    r.webhook_configs?.forEach((w, j) => {
      const at = `${here}.webhook_configs.${j}`;
      add(
        {
          ...base('webhook', j, w.timeout),
          type: 'webhook',
          url: url(either(w, 'url', at) ?? '', `${at}.url`),
          sendResolved: w.send_resolved ?? true,
          maxAlerts: w.max_alerts ?? 0,
          headers: authHeaders(w.http_config ?? global.http_config, `${at}.http_config`),
        },
        at,
      );
    });
    r.slack_configs?.forEach((s, j) => {
      const at = `${here}.slack_configs.${j}`;
      noAuth(s.http_config, at);
      const own = either(s, 'api_url', at);
      const fallback = either(global, 'slack_api_url', 'global');
      if (own === undefined && fallback === undefined) {
        problems.push(`${at}.api_url: no global Slack API URL set either inline or in a file`);
        return;
      }
      add(
        {
          ...base('slack', j),
          type: 'slack',
          url: url((own ?? fallback)!, own !== undefined ? `${at}.api_url` : 'global.slack_api_url'),
          sendResolved: s.send_resolved ?? false,
          ...(s.channel ? { channel: s.channel } : {}),
          ...(s.username && !s.username.includes('{{') ? { username: s.username } : {}),
        },
        at,
      );
    });
    r.msteams_configs?.forEach((t, j) => {
      const at = `${here}.msteams_configs.${j}`;
      noAuth(t.http_config, at);
      const webhook = either(t, 'webhook_url', at) ?? '';
      add(
        {
          ...base('msteams', j),
          type: 'teams',
          url: url(webhook, `${at}.webhook_url`),
          sendResolved: t.send_resolved ?? true,
        },
        at,
      );
    });
    r.discord_configs?.forEach((d, j) => {
      const at = `${here}.discord_configs.${j}`;
      noAuth(d.http_config, at);
      const webhook = either(d, 'webhook_url', at) ?? '';
      add(
        {
          ...base('discord', j),
          type: 'discord',
          url: url(webhook, `${at}.webhook_url`),
          sendResolved: d.send_resolved ?? true,
        },
        at,
      );
    });
    r.pagerduty_configs?.forEach((p, j) => {
      const at = `${here}.pagerduty_configs.${j}`;
      noAuth(p.http_config, at);
      // As Alertmanager: a service key means Events API v1, whatever else is set.
      const serviceKey = either(p, 'service_key', at);
      const common = {
        ...base('pagerduty', j),
        type: 'pagerduty' as const,
        sendResolved: p.send_resolved ?? true,
        ...(p.source ? { source: p.source } : {}),
      };
      if (serviceKey !== undefined) {
        add({ ...common, url: PAGERDUTY_V1_URL, routingKey: serviceKey, events: 'v1' }, at);
        return;
      }
      const endpoint =
        p.url !== undefined
          ? secret(p.url, `${at}.url`)
          : global.pagerduty_url !== undefined
            ? secret(global.pagerduty_url, 'global.pagerduty_url')
            : PAGERDUTY_V2_URL;
      add({ ...common, url: url(endpoint, `${at}.url`), routingKey: either(p, 'routing_key', at) ?? '' }, at);
    });
    r.email_configs?.forEach((e, j) => {
      const at = `${here}.email_configs.${j}`;
      const smarthost = e.smarthost || global.smtp_smarthost;
      const from = e.from || global.smtp_from;
      if (!smarthost || !from) {
        problems.push(
          !smarthost
            ? `${at}.smarthost: no global SMTP smarthost set`
            : `${at}.from: no global SMTP from set`,
        );
        return;
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
      const pass = own ? either(e, 'auth_password', at) : either(global, 'smtp_auth_password', 'global');
      // Port 465 is TLS from the first byte (Alertmanager dials it so); elsewhere STARTTLS, required
      // unless require_tls is false.
      const secure = port === '465';
      add(
        {
          ...base('email', j),
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
        },
        at,
      );
    });
    r.trackerkit_configs?.forEach((d, j) => {
      const at = `${here}.trackerkit_configs.${j}`;
      const named = { ...d, name: `${r.name}/${d.type}[${j}]` };
      try {
        const normalized = normalizeDestination(named as never, at, ctx.env, ctx.retry, ctx.timeoutMs);
        add({ ...normalized, receiver: r.name }, at);
      } catch (error) {
        // An unset variable is reported already; a URL that is not http(s) is reported here.
        const message = (error as Error).message.replace(/^.*?invalid configuration: /, '');
        if (!/environment variable \S+ is not set$/.test(message)) problems.push(message);
        mine.push(named.name);
      }
    });
    out.byReceiver.set(r.name, mine);
  });
  return out;
}

/** Alertmanager's `global` rules: a value and its `_file` twin are not both given. */
export function globalProblems(global: GlobalInput): string[] {
  const pairs = [
    ['slack_api_url', 'slack_api_url_file'],
    ['opsgenie_api_key', 'opsgenie_api_key_file'],
    ['victorops_api_key', 'victorops_api_key_file'],
    ['smtp_auth_password', 'smtp_auth_password_file'],
  ] as const;
  return pairs
    .filter(([a, b]) => global[a] !== undefined && global[b] !== undefined)
    .map(([a, b]) => `global.${b}: at most one of ${a} & ${b} must be configured`);
}
