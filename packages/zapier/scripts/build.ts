// dist/index.js: the app and the parts of @trackerkit/client and @trackerkit/core it uses, bundled
// into one ES module. Zapier installs the zip's dependencies from package.json, where the workspace's
// packages are not; only zapier-platform-core (the runtime Zapier requires) stays a dependency.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
rmSync(join(pkg, 'dist'), { recursive: true, force: true });
const result = await build({
  entryPoints: [join(pkg, 'src', 'index.ts')],
  outfile: join(pkg, 'dist', 'index.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  // The sources, as every workspace package resolves its siblings.
  conditions: ['trackerkit-source'],
  external: ['zapier-platform-core'],
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`built dist/index.js (${Math.round(bytes / 1024)} KB)`);
