// Every `{ env: NAME }` reference of a configuration whose variable is unset, in one list: an
// operator fixing a deployment learns all the variables it lacks from one run, not one per run.
import { unsetVariable } from './resolve-secret.ts';

function isEnvRef(value: unknown): value is { env: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    typeof (value as { env?: unknown }).env === 'string'
  );
}

/** The problems (`path: environment variable NAME is not set`) of every unset reference under `config`. */
export function missingEnvProblems(config: unknown, env: NodeJS.ProcessEnv, path: string[] = []): string[] {
  if (isEnvRef(config)) {
    const value = env[config.env];
    return value === undefined || value === '' ? [unsetVariable(path.join('.'), config.env)] : [];
  }
  if (typeof config !== 'object' || config === null) return [];
  return Object.entries(config).flatMap(([key, value]) =>
    // Header maps are literal name → value pairs: a header called `env` is not a reference.
    key === 'headers' ? [] : missingEnvProblems(value, env, [...path, key]),
  );
}
