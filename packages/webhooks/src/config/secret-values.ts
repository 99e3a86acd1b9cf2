import { WEBHOOK_SECRET_POLICY } from '@trackerkit/core';
import type { Config, DestinationConfig } from './types.ts';

// Shorter values would redact ordinary words; real secrets and webhook tokens are far longer.
const MIN_LENGTH = 6;
const PREFIX = WEBHOOK_SECRET_POLICY.prefix;

function urlParts(url: string): string[] {
  try {
    const u = new URL(url);
    // Slack, Discord and Teams put the credential in the path or the query.
    return [url, `${u.pathname}${u.search}`, u.pathname, u.search.slice(1), u.password];
  } catch {
    return [url];
  }
}

/**
 * An `Authorization` value and what it is made of: the token after its scheme, and for Basic the
 * decoded `user:password` and the password alone.
 */
function credentialParts(value: string): string[] {
  const [scheme, token = ''] = value.split(/ (.*)/s);
  if (scheme?.toLowerCase() !== 'basic') return [value, token];
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  return [value, token, decoded, decoded.slice(decoded.indexOf(':') + 1)];
}

/** The values in one destination's configuration that are credentials (URLs carry tokens). */
export function destinationSecrets(d: DestinationConfig): string[] {
  const values: string[] = [];
  if ('url' in d) values.push(...urlParts(d.url));
  if ('secret' in d) values.push(d.secret);
  if (d.type === 'forward' && d.headers) values.push(...Object.values(d.headers));
  if (d.type === 'webhook') values.push(...Object.values(d.headers).flatMap(credentialParts));
  if (d.type === 'ntfy' && d.token) values.push(d.token);
  if (d.type === 'pagerduty') values.push(d.routingKey);
  if (d.type === 'email' && d.smtp.pass) values.push(d.smtp.pass);
  if (d.type === 'alertmanager') values.push(d.basicAuth?.password ?? '', d.bearerToken ?? '');
  return clean(values);
}

/** Every credential of a configuration, for the logger's last line of defence. */
export function configSecrets(config: Config): string[] {
  return clean([
    ...config.sources.flatMap((s) => [
      ...s.secrets,
      ...s.secrets.map((x) => (x.startsWith(PREFIX) ? x.slice(PREFIX.length) : x)),
    ]),
    ...config.destinations.flatMap(destinationSecrets),
  ]);
}

/** `text` with every one of `secrets` replaced by `[redacted]` (give them longest first). */
export function cutSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.replaceAll(secret, '[redacted]');
  return out;
}

function clean(values: string[]): string[] {
  // Longest first, so a value that contains another is cut whole.
  return [...new Set(values.filter((v) => typeof v === 'string' && v.length >= MIN_LENGTH))].sort(
    (a, b) => b.length - a.length,
  );
}
