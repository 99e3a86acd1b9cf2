// `prepack` of every published package (pnpm pack and pnpm publish run it in the package's folder):
// builds the package, then refuses to pack when a file its published manifest points at (main,
// types, bin, exports, n8n nodes and credentials, with publishConfig applied) is not there.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './run.ts';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every relative file path in a manifest field, with the field's name for the error message. */
function paths(value: Json | undefined, where: string): Array<[string, string]> {
  if (typeof value === 'string')
    return value.startsWith('./') || value.startsWith('dist/') ? [[value, where]] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => paths(item, `${where}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => paths(item, `${where}["${key}"]`));
  }
  return [];
}

const dir = process.cwd();
const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, Json>;
const published = { ...manifest, ...(manifest.publishConfig as Record<string, Json> | undefined) };
const name = String(manifest.name);

run('pnpm', ['run', 'build']);

const fields = ['main', 'types', 'bin', 'exports', 'typesVersions', 'n8n'] as const;
const missing = fields
  .flatMap((field) => paths(published[field], field))
  .filter(([file]) => !file.includes('*') && !existsSync(join(dir, file)));
for (const [file, where] of missing) {
  console.error(`${name}: prepack: ${where} points at ${file}, which the build did not produce`);
}
if (missing.length > 0) process.exit(1);
