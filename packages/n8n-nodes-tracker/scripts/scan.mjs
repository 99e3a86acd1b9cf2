// n8n's community-package scan (@n8n/scan-community-package), run offline on this package. The
// published CLI scans only packages on npm with provenance; its analysis is two lint legs, run here
// directly: the sources (nodes, credentials, package.json) and the compiled JavaScript of the tarball
// `pnpm pack` makes from dist/ (`pnpm run scan` builds first). A third leg lints the tarball with
// analyzePackage's default patterns, which take every `.ts` too: whoever runs the scanner that way must
// find nothing (a credential's `.d.ts` broke its file-name rule until `files` left declarations out).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The scanner pins typescript 7, which has no JavaScript API: its @typescript-eslint parser (and
// ts-api-utils) cannot run on it. In this process every `typescript` is this package's typescript 5.
const typescript5 = pathToFileURL(createRequire(import.meta.url).resolve('typescript')).href;
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'typescript') {
      return { url: typescript5, format: 'commonjs', shortCircuit: true };
    }
    return next(specifier, context);
  },
});
const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(
  '@n8n/scan-community-package/scanner/scanner.mjs'
);

const PREFIX = '@trackerkit/n8n-nodes-tracker';
const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(pkg, 'dist'))) {
  console.error(`${PREFIX}: no dist/; run pnpm --filter ${PREFIX} build first`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'trackerkit-scan-'));
try {
  execFileSync('pnpm', ['pack', '--pack-destination', work], { cwd: pkg, stdio: 'ignore' });
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
  const legs = [
    ['sources', await analyzePackage(pkg, SOURCE_FILE_PATTERNS)],
    [tarball, await analyzePackage(join(work, 'package'), ['**/*.js', 'package.json'])],
    [`${tarball}, default patterns`, await analyzePackage(join(work, 'package'))],
  ];
  for (const [name, result] of legs) {
    console.log(
      `${result.passed ? 'passed' : 'FAILED'}: ${name}${result.message ? ` (${result.message})` : ''}`,
    );
    if (result.details) console.log(result.details);
  }
  process.exitCode = legs.every(([, result]) => result.passed) ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
