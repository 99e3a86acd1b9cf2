import type { DestinationInput, SecretRef } from './config-schema.ts';
import { parseDuration } from './parse-duration.ts';
import { resolveSecret, resolveUrl } from './resolve-secret.ts';
import type { DestinationConfig, RetryPolicy } from './types.ts';

type RetryInput = {
  max_attempts?: number;
  initial_delay?: number | string;
  max_delay?: number | string;
  factor?: number;
};

export function normalizeRetry(input: RetryInput | undefined, base?: RetryPolicy): RetryPolicy {
  return {
    maxAttempts: input?.max_attempts ?? base?.maxAttempts ?? 8,
    initialDelayMs:
      input?.initial_delay !== undefined
        ? parseDuration(input.initial_delay)
        : (base?.initialDelayMs ?? 5000),
    maxDelayMs:
      input?.max_delay !== undefined ? parseDuration(input.max_delay) : (base?.maxDelayMs ?? 36_000_000),
    factor: input?.factor ?? base?.factor ?? 5,
  };
}

/** The `Authorization` header of a destination's `basic_auth` or `bearer_token`, if it has one. */
function authorization(
  d: { basic_auth?: { username: string; password: SecretRef }; bearer_token?: SecretRef },
  at: (field: string) => string,
  env: NodeJS.ProcessEnv,
): Record<string, string> {
  if (d.basic_auth) {
    const password = resolveSecret(d.basic_auth.password, at('basic_auth.password'), env);
    const token = Buffer.from(`${d.basic_auth.username}:${password}`).toString('base64');
    return { Authorization: `Basic ${token}` };
  }
  if (d.bearer_token)
    return { Authorization: `Bearer ${resolveSecret(d.bearer_token, at('bearer_token'), env)}` };
  return {};
}

/**
 * One destination from the file → resolved secrets, camelCase, its own retry policy over the
 * default. `where` is its path in the file (`destinations.3`), which errors name.
 */
export function normalizeDestination(
  d: DestinationInput,
  where: string,
  env: NodeJS.ProcessEnv,
  retryDefaults: RetryPolicy,
  defaultTimeoutMs: number,
): DestinationConfig {
  const at = (field: string) => `${where}.${field}`;
  const common = {
    name: d.name,
    timeoutMs: d.timeout !== undefined ? parseDuration(d.timeout) : defaultTimeoutMs,
    retry: normalizeRetry(d.retry, retryDefaults),
  };
  switch (d.type) {
    case 'forward':
      return {
        ...common,
        type: d.type,
        url: resolveUrl(d.url, at('url'), env),
        secret: resolveSecret(d.secret, at('secret'), env),
        ...(d.headers ? { headers: d.headers } : {}),
      };
    case 'n8n':
      return {
        ...common,
        type: d.type,
        url: resolveUrl(d.url, at('url'), env),
        secret: resolveSecret(d.secret, at('secret'), env),
      };
    case 'webhook':
      return {
        ...common,
        type: d.type,
        url: resolveUrl(d.url, at('url'), env),
        sendResolved: d.send_resolved ?? true,
        maxAlerts: d.max_alerts ?? 0,
        headers: authorization(d, at, env),
      };
    case 'slack':
    case 'teams':
      return { ...common, type: d.type, url: resolveUrl(d.url, at('url'), env) };
    case 'discord':
      return {
        ...common,
        type: d.type,
        url: resolveUrl(d.url, at('url'), env),
        ...(d.username ? { username: d.username } : {}),
      };
    case 'ntfy':
      return {
        ...common,
        type: d.type,
        url: resolveUrl(d.url, at('url'), env),
        topic: d.topic,
        ...(d.token ? { token: resolveSecret(d.token, at('token'), env) } : {}),
        ...(d.priority ? { priority: d.priority } : {}),
      };
    case 'pagerduty':
      return {
        ...common,
        type: d.type,
        url: resolveUrl(d.url, at('url'), env),
        routingKey: resolveSecret(d.routing_key, at('routing_key'), env),
        ...(d.source ? { source: d.source } : {}),
      };
    case 'email': {
      const { host, port, secure, require_tls, user, pass } = d.smtp;
      return {
        ...common,
        type: d.type,
        smtp: {
          host,
          port,
          secure,
          requireTls: require_tls,
          ...(user ? { user: resolveSecret(user, at('smtp.user'), env) } : {}),
          ...(pass ? { pass: resolveSecret(pass, at('smtp.pass'), env) } : {}),
        },
        from: d.from,
        to: Array.isArray(d.to) ? d.to : [d.to],
      };
    }
    case 'alertmanager':
      return {
        ...common,
        type: d.type,
        url: resolveUrl(d.url, at('url'), env),
        ...(d.alertname ? { alertname: d.alertname } : {}),
        ...(d.resolve_timeout !== undefined ? { resolveTimeoutMs: parseDuration(d.resolve_timeout) } : {}),
        ...(d.basic_auth
          ? {
              basicAuth: {
                username: d.basic_auth.username,
                password: resolveSecret(d.basic_auth.password, at('basic_auth.password'), env),
              },
            }
          : {}),
        ...(d.bearer_token ? { bearerToken: resolveSecret(d.bearer_token, at('bearer_token'), env) } : {}),
      };
    case 'file':
      return { ...common, type: d.type, path: d.path };
    case 'stdout':
      return { ...common, type: d.type };
  }
}
