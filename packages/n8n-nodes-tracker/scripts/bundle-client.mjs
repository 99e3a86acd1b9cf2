// Bundles what the node needs from @trackerkit/client into nodes/shared/generated at build time, so the
// published package has no runtime dependency: the limits and enumerations as values, and the generated
// OpenAPI types as a type-only module. `--check` fails when the committed files have drifted.
// Run with `node --conditions=trackerkit-source scripts/bundle-client.mjs [--check]`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILE_TYPES, LIMITS, openapiDocument } from '@trackerkit/client';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'nodes', 'shared', 'generated');
const header = '// Generated from @trackerkit/client by scripts/bundle-client.mjs. Do not edit.\n';
const schemas = openapiDocument.components.schemas;
const enumOf = (name) => {
  const values = schemas[name]?.enum;
  if (!Array.isArray(values)) throw new Error(`@trackerkit/n8n-nodes-tracker: schema ${name} has no enum`);
  return values;
};

const constants = {
  LIMITS,
  SIGNALS: enumOf('Signal'),
  SIGNAL_LEVELS: enumOf('SignalLevel'),
  RUN_MODES: enumOf('RunMode'),
  RUN_STATUSES: enumOf('RunStatus'),
  REASONING_MODES: enumOf('ReasoningMode'),
  NOTIFICATION_STATUSES: enumOf('NotificationStatus'),
  CONTENT_TYPES: enumOf('ContentType'),
  FILE_EXTENSIONS: Object.keys(FILE_TYPES),
};
const limitsSource =
  header +
  Object.entries(constants)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value, null, 2)} as const;\n`)
    .join('\n');

// The client's entry resolves (source condition) to src/index.ts beside src/generated/openapi.ts.
const clientEntry = fileURLToPath(import.meta.resolve('@trackerkit/client'));
const openapiSource = readFileSync(join(dirname(clientEntry), 'generated', 'openapi.ts'), 'utf8').replace(
  /^\/\/ Generated.*\n/,
  header,
);

const files = { 'limits.ts': limitsSource, 'openapi.ts': openapiSource };
const check = process.argv.includes('--check');
let stale = 0;
for (const [name, content] of Object.entries(files)) {
  const path = join(out, name);
  if (check) {
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {}
    if (current !== content) {
      console.error(
        `@trackerkit/n8n-nodes-tracker: ${path} is out of date; run pnpm --filter @trackerkit/n8n-nodes-tracker generate`,
      );
      stale++;
    }
  } else {
    writeFileSync(path, content);
  }
}
process.exit(stale ? 1 : 0);
