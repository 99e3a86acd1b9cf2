// `pnpm --filter @trackerkit/mcp-server run generate` (`generate:check` in verify): the signal chart's
// page draws the bounds the service alerts at with the core's own alertCondition. Pasting the
// function's source (`Function.prototype.toString`) broke the day it used a name from another module,
// so esbuild bundles the core module, and what it imports, into a browser script kept in
// src/generated/signal-chart-rule.ts. The file is generated and committed rather than built at
// start-up or by `build`: esbuild is a devDependency (the published server does not carry it), and
// the tests run from the sources of a fresh clone with no build step. `--check` regenerates in
// memory and fails when the committed file differs; the integration test signal-chart-rule.test.ts
// does the same in `vitest run`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
/** The committed file the page imports. */
export const CHART_RULE_FILE = join(packageDir, 'src', 'generated', 'signal-chart-rule.ts');
/** The name the bundled script declares; the page reads `alertCondition` from it. */
const GLOBAL = 'trackerkitChartRule';

/** The core module that declares the rule, found through the package (its exports name package.json). */
const coreDir = dirname(createRequire(import.meta.url).resolve('@trackerkit/core/package.json'));
const RULE_MODULE = join(coreDir, 'src', 'rules', 'alert-condition.ts');

/** The content src/generated/signal-chart-rule.ts must have for the core as it is now. */
export async function chartRuleFile(): Promise<string> {
  const result = await build({
    absWorkingDir: packageDir,
    stdin: {
      contents: `export { alertCondition } from ${JSON.stringify(RULE_MODULE)};`,
      resolveDir: packageDir,
      sourcefile: 'signal-chart-rule-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    write: false,
    // A browser target: a core module that reaches a Node built-in fails the run here.
    platform: 'browser',
    format: 'iife',
    globalName: GLOBAL,
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'silent',
    plugins: [
      {
        // The core's modules only declare (constants, functions): marked free of side effects, a
        // module the rule imports keeps only what the rule uses (without this the module that
        // declares the signal levels brings the whole OpenAPI document, 135 kB, into the page).
        name: 'core-modules-pure',
        setup(b) {
          b.onResolve({ filter: /^\.\.?\// }, (args) => {
            const path = resolve(args.resolveDir, args.path);
            return relative(coreDir, path).startsWith('..') ? undefined : { path, sideEffects: false };
          });
        },
      },
    ],
  });
  const script = result.outputFiles[0]!.text;
  // The script goes inside the page's <script> element, where these would end it or open a comment.
  for (const word of ['</script', '<!--']) {
    if (script.toLowerCase().includes(word))
      throw new Error(`@trackerkit/mcp-server: the chart's rule bundle contains ${word}`);
  }
  // Kept readable in review: a template literal, with `\`, the backtick and `${` escaped.
  const literal = script.replace(/[\\`]/g, '\\$&').replace(/\$\{/g, '\\${');
  return (
    '// Generated from @trackerkit/core (rules/alert-condition.ts) by scripts/bundle-chart-rule.ts. Do not edit.\n' +
    `/** A browser script declaring \`${GLOBAL}\`, whose \`alertCondition\` is the core's. */\n` +
    `export const SIGNAL_CHART_RULE = \`${literal}\`;\n`
  );
}

if (import.meta.main) {
  const text = await chartRuleFile();
  let current: string | undefined;
  try {
    current = readFileSync(CHART_RULE_FILE, 'utf8');
  } catch {}
  if (process.argv.includes('--check')) {
    if (current !== text) {
      console.error(
        `@trackerkit/mcp-server: ${relative(packageDir, CHART_RULE_FILE)} is ${current === undefined ? 'not generated' : 'out of date'}; run pnpm --filter @trackerkit/mcp-server generate`,
      );
      process.exit(1);
    }
    console.log('@trackerkit/mcp-server: the chart rule is up to date');
  } else {
    mkdirSync(dirname(CHART_RULE_FILE), { recursive: true });
    writeFileSync(CHART_RULE_FILE, text);
    console.log(
      `@trackerkit/mcp-server: wrote ${relative(packageDir, CHART_RULE_FILE)} (${text.length} bytes)`,
    );
  }
}
