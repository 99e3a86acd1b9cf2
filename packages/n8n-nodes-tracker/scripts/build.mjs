// Builds dist/ the way `n8n-node build` (@n8n/node-cli 0.48.3) does — tsc with this folder's
// tsconfig.json, then every PNG/SVG icon and `__schema__` JSON copied beside the compiled files —
// without that CLI: it is installed only with the 2.1 GB n8n of tests/n8n, and building a 54 KB
// package must not need it. Then the bundled core and the example workflows.
import { execFileSync } from 'node:child_process';
import { cpSync, globSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
// Built aside and moved into place at the end: the n8n end-to-end suite loads dist/ while the
// release test may be packing (and so rebuilding) this package in another worker.
const dist = join(pkg, `dist.building-${process.pid}`);
rmSync(dist, { recursive: true, force: true });

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
try {
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--outDir', dist], {
    cwd: pkg,
    stdio: 'inherit',
  });
} catch (error) {
  rmSync(dist, { recursive: true, force: true });
  process.exit(error.status || 1); // tsc printed the errors
}

const assets = globSync(['**/*.{png,svg}', '**/__schema__/**/*.json'], {
  cwd: pkg,
  exclude: (name) => name.startsWith('dist') || name === 'node_modules',
});
for (const file of assets) {
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  cpSync(join(pkg, file), join(dist, file));
}

// The core bundle is JavaScript (scripts/bundle-core.mjs), which tsc does not copy.
const core = join('nodes', 'shared', 'generated', 'core', 'index.js');
mkdirSync(dirname(join(dist, core)), { recursive: true });
cpSync(join(pkg, core), join(dist, core));
cpSync(join(pkg, 'examples'), join(dist, 'examples'), { recursive: true });
rmSync(join(pkg, 'dist'), { recursive: true, force: true });
renameSync(dist, join(pkg, 'dist'));
console.log(`built dist/ (${assets.length} icons and schemas copied)`);
