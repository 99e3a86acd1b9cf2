// Every `{ env: NAME }` reference of a configuration whose variable is unset, in one list: an
// operator fixing a deployment learns all the variables it lacks from one run, not one per run.

import { EnvReference } from '../config-common/schema-parts.ts';
import { unsetVariable } from './resolve-secret.ts';

/**
 * The problems (`path: environment variable NAME is not set`) of every unset reference under a
 * parsed `config`: the references its schema made at secret fields, never a map that looks like one.
 */
export function missingEnvProblems(config: unknown, env: NodeJS.ProcessEnv, path: string[] = []): string[] {
  if (config instanceof EnvReference) {
    const value = env[config.env];
    return value === undefined || value === '' ? [unsetVariable(path.join('.'), config.env)] : [];
  }
  if (typeof config !== 'object' || config === null) return [];
  return Object.entries(config).flatMap(([key, value]) => missingEnvProblems(value, env, [...path, key]));
}
