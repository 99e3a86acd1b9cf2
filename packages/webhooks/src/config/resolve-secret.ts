import { WebhooksError } from '../errors.ts';
import type { SecretRef } from './config-schema.ts';

/** The problem of a reference to an unset (or empty) variable: its path and name, never a value. */
export function unsetVariable(path: string, name: string): string {
  return `${path}: environment variable ${name} is not set`;
}

/** Resolves `{ env: NAME }` from the environment. The error names the variable and path, never a value. */
export function resolveSecret(ref: SecretRef, path: string, env: NodeJS.ProcessEnv): string {
  if (typeof ref === 'string') return ref;
  const value = env[ref.env];
  if (value === undefined || value === '') {
    throw new WebhooksError(`invalid configuration: ${unsetVariable(path, ref.env)}`, {
      status: 500,
      reason: 'invalid_config',
    });
  }
  return value;
}

/**
 * A destination URL (often a credential itself: Slack, Discord and Teams put the token in it),
 * resolved and checked to be http(s). The error names the path and the rule, never the value.
 */
export function resolveUrl(ref: SecretRef, path: string, env: NodeJS.ProcessEnv): string {
  const value = resolveSecret(ref, path, env);
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new WebhooksError(`invalid configuration: ${path}: must be an http:// or https:// URL`, {
      status: 500,
      reason: 'invalid_config',
    });
  }
  return value;
}
