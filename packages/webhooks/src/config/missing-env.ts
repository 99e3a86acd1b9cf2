// Every `{ env: NAME }` reference of a configuration whose variable is unset, in one list: an
// operator fixing a deployment learns all the variables it lacks from one run, not one per run.
import { envRef } from './config-schema.ts';
import { unsetVariable } from './resolve-secret.ts';

/** The problems (`path: environment variable NAME is not set`) of every unset reference under `config`. */
export function missingEnvProblems(config: unknown, env: NodeJS.ProcessEnv, path: string[] = []): string[] {
  const ref = envRef.safeParse(config);
  if (ref.success) {
    const value = env[ref.data.env];
    return value === undefined || value === '' ? [unsetVariable(path.join('.'), ref.data.env)] : [];
  }
  if (typeof config !== 'object' || config === null) return [];
  return Object.entries(config).flatMap(([key, value]) =>
    // Header maps are literal name → value pairs: a header called `env` is not a reference.
    key === 'headers' ? [] : missingEnvProblems(value, env, [...path, key]),
  );
}
