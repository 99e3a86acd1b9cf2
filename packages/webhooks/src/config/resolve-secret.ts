import { WebhooksError } from '../errors.ts';
import type { SecretRef } from './config-schema.ts';

/** Resolves `{ env: NAME }` from the environment. The error names the variable and path, never a value. */
export function resolveSecret(ref: SecretRef, path: string, env: NodeJS.ProcessEnv): string {
  if (typeof ref === 'string') return ref;
  const value = env[ref.env];
  if (value === undefined || value === '') {
    throw new WebhooksError(`invalid configuration: ${path}: environment variable ${ref.env} is not set`, {
      status: 500,
      reason: 'invalid_config',
    });
  }
  return value;
}
