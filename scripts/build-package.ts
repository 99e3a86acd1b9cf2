// `pnpm run build` of a TypeScript package (run in its folder): dist/ from src/ with tsc.
// tsc reads the declarations of the workspace packages this one depends on (their dist/), so each of
// those is built first when its dist is missing or older than its sources: `pnpm --filter <pkg>
// build` and `pnpm pack` (prepack) work from a fresh clone, and `pnpm -r run build` builds each once.
import { chmodSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isStale } from './is-stale.ts';
import { run } from './run.ts';

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
}

const dir = process.cwd();
const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
  if (!range.startsWith('workspace:')) continue;
  const depDir = join(dir, 'node_modules', name);
  if (isStale(depDir)) {
    run('pnpm', ['--filter', name, 'run', 'build']);
  }
}

rmSync(join(dir, 'dist'), { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
run(process.execPath, [tsc, '-p', 'tsconfig.build.json']);
// npm marks bins executable on install; this is for running dist/bin.js in place.
if (existsSync(join(dir, 'dist', 'bin.js'))) chmodSync(join(dir, 'dist', 'bin.js'), 0o755);
