import { parseDuration } from '../config-common/parse-duration.ts';
import type { RetryPolicy } from '../config-common/types.ts';
import type { NormalizeContext } from '../delivery/destinations/define.ts';
import { destinationDefinition } from '../delivery/destinations/index.ts';
import type { DestinationInput } from './config-schema.ts';
import { resolveSecret, resolveUrl } from './resolve-secret.ts';
import type { DestinationConfig } from './types.ts';

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

/**
 * One destination from the file → resolved secrets, camelCase, its own retry policy over the
 * default; what is its type's own is its definition's `normalize`. `where` is its path in the file
 * (`destinations.3`), which errors name.
 */
export function normalizeDestination(
  d: DestinationInput,
  where: string,
  env: NodeJS.ProcessEnv,
  retryDefaults: RetryPolicy,
  defaultTimeoutMs: number,
): DestinationConfig {
  const at = (field: string) => `${where}.${field}`;
  const ctx: NormalizeContext = {
    at,
    secret: (ref, field) => resolveSecret(ref, at(field), env),
    url: (ref, field) => resolveUrl(ref, at(field), env),
  };
  const { name, type, retry, timeout, ...fields } = d;
  const own = destinationDefinition(type).normalize(fields as never, ctx);
  return {
    name,
    timeoutMs: timeout !== undefined ? parseDuration(timeout) : defaultTimeoutMs,
    retry: normalizeRetry(retry, retryDefaults),
    type,
    ...own,
  } as DestinationConfig;
}
