import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

/** The storage path a configuration file names, without resolving its secrets (the CLI needs no secrets). */
export function storagePathFromFile(file: string): string {
  const text = readFileSync(file, 'utf8');
  const raw = (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as {
    storage?: { path?: unknown };
  };
  const path = raw?.storage?.path;
  return typeof path === 'string' && path.length > 0 ? path : 'trackerkit-webhooks.db';
}
