import { WEBHOOK_SECRET_POLICY } from '@trackerkit/core';
import { destinationDefinition } from '../delivery/destinations/index.ts';
import type { Config, DestinationConfig } from './types.ts';

// Shorter values would redact ordinary words; real secrets and webhook tokens are far longer.
const MIN_LENGTH = 6;
const PREFIX = WEBHOOK_SECRET_POLICY.prefix;

/**
 * The values in one destination's configuration that are credentials, as its type's definition
 * declares them field by field (a URL carries a token).
 */
export function destinationSecrets(d: DestinationConfig): string[] {
  const fields = destinationDefinition(d.type).secrets as Record<
    string,
    false | ((value: unknown) => Array<string | undefined>)
  >;
  const config = d as unknown as Record<string, unknown>;
  const values = Object.entries(fields).flatMap(([field, secret]) =>
    secret && config[field] !== undefined && config[field] !== null ? secret(config[field]) : [],
  );
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

function clean(values: Array<string | undefined>): string[] {
  // Longest first, so a value that contains another is cut whole.
  return [
    ...new Set(values.filter((v): v is string => typeof v === 'string' && v.length >= MIN_LENGTH)),
  ].sort((a, b) => b.length - a.length);
}
