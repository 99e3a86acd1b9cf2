// Generates everything in src/generated from openapi/tracker-service.yaml.
// `--check` regenerates in memory and fails when a committed file differs (CI drift check).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';
import { renderLimits } from './render-limits.ts';

const here = dirname(fileURLToPath(import.meta.url));
const documentPath = join(here, '../../../openapi/tracker-service.yaml');
const outDir = join(here, '../src/generated');
const banner = '// Generated from openapi/tracker-service.yaml by `pnpm generate`. Do not edit.\n';

const source = readFileSync(documentPath, 'utf8');
const document = parse(source) as Record<string, unknown>;

const files: Record<string, string> = {
  'openapi.ts':
    banner +
    astToString(
      // Fields with a default stay optional: callers of a request may leave them out.
      await openapiTS(new URL(`file://${documentPath}`), { defaultNonNullable: false }),
    ),
  'document.ts': `${banner}export const openapiDocument = ${JSON.stringify(document, null, 2)} as const;\n`,
  'limits.ts': banner + renderLimits(document),
};

const check = process.argv.includes('--check');
const stale: string[] = [];
mkdirSync(outDir, { recursive: true });
for (const [name, text] of Object.entries(files)) {
  const path = join(outDir, name);
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {}
  if (current === text) continue;
  if (check) stale.push(name);
  else writeFileSync(path, text);
}
if (stale.length > 0) {
  console.error(
    `@trackerkit/core: generated files differ from openapi/tracker-service.yaml: ${stale.join(', ')}. Run \`pnpm generate\`.`,
  );
  process.exit(1);
}
console.log(check ? 'generated files are up to date' : `generated ${Object.keys(files).join(', ')}`);
