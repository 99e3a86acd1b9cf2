// Bundles @trackerkit/core (with zod) into nodes/shared/generated/core at build time, so the published
// node has no runtime dependency yet runs the suite's one rulebook: `index.js` is the esbuild bundle
// (CommonJS, as tsc compiles the node) of just the names the node imports from `generated/core`
// (read from its sources: the rulebook's entry and the `http` and `signing` subpaths), the `.d.ts` files are the
// core's own declarations, emitted by tsc, those the node's names reach. `--check` regenerates
// everything in memory and fails when a committed file differs.
// Run with `node --conditions=trackerkit-source scripts/bundle-core.mjs [--check]`.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = join(here, '..');
const out = join(pkg, 'nodes', 'shared', 'generated', 'core');
const PREFIX = '@trackerkit/n8n-nodes-tracker';
const header = '// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.\n';

// The source condition resolves the core to src/index.ts; its own tsconfig sits two levels up.
const coreEntry = fileURLToPath(import.meta.resolve('@trackerkit/core'));
const coreDir = dirname(dirname(coreEntry));
/** The core's entries the node takes names from: the rulebook and the `http` and `signing` subpaths. */
const ENTRIES = [
  coreEntry,
  ...['http', 'signing'].map((sub) => fileURLToPath(import.meta.resolve(`@trackerkit/core/${sub}`))),
];

/** Every name the node's sources (nodes/, credentials/) import from generated/core: `type` or value. */
function importedNames() {
  const names = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path !== out) walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
        for (const statement of file.statements) {
          if (
            !ts.isImportDeclaration(statement) ||
            !/\/generated\/core$/.test(statement.moduleSpecifier.text)
          )
            continue;
          const clause = statement.importClause;
          if (!clause?.namedBindings || !ts.isNamedImports(clause.namedBindings) || clause.name)
            throw new Error(`${PREFIX}: ${relative(pkg, path)} must import names from generated/core`);
          for (const element of clause.namedBindings.elements) {
            const name = (element.propertyName ?? element.name).text;
            const value = !clause.isTypeOnly && !element.isTypeOnly;
            names.set(name, names.get(name) === true || value);
          }
        }
      }
    }
  };
  for (const dir of ['nodes', 'credentials']) walk(join(pkg, dir));
  return names;
}

/**
 * Each imported name with the entry that exports it and the core module that declares it (its
 * path under src, without `.ts`); a name no entry exports fails the run.
 */
function locate(names) {
  const options = { allowImportingTsExtensions: true, noEmit: true, module: ts.ModuleKind.NodeNext };
  const program = ts.createProgram(ENTRIES, options);
  const checker = program.getTypeChecker();
  const exported = ENTRIES.map((entry) =>
    checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry))),
  );
  const src = join(coreDir, 'src');
  return [...names]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => {
      const entry = ENTRIES.findIndex((_, at) => exported[at].some((s) => s.name === name));
      if (entry < 0) throw new Error(`${PREFIX}: the node imports ${name}, which no core entry exports`);
      const symbol = exported[entry].find((s) => s.name === name);
      const declared = checker.getAliasedSymbol(symbol).declarations[0].getSourceFile().fileName;
      const module = relative(src, declared).split(sep).join('/').replace(/\.ts$/, '');
      return { name, value, entry: ENTRIES[entry], module };
    });
}

const imported = locate(importedNames());

// n8n's community-node scan forbids the global `globalThis` (and `new Function`) in shipped code. zod
// keeps its config and schema registry on globalThis: inside the bundle they live on a private object
// instead, and `jitless` keeps zod from compiling validators with `new Function`.
const SCOPE = 'trackerkitZodScope';

async function bundle() {
  const result = await build({
    absWorkingDir: pkg,
    // An entry of the node's value imports only, so the bundle carries what the node uses.
    stdin: {
      contents: ENTRIES.map((entry) => {
        const names = imported.filter((n) => n.value && n.entry === entry).map((n) => n.name);
        return names.length > 0 ? `export { ${names.join(', ')} } from ${JSON.stringify(entry)};` : '';
      }).join('\n'),
      resolveDir: pkg,
      sourcefile: 'generated-core-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    write: false,
    outfile: join(out, 'index.js'),
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    conditions: ['trackerkit-source'],
    define: { globalThis: SCOPE },
    banner: { js: `${header}const ${SCOPE} = { __zod_globalConfig: { jitless: true } };` },
    legalComments: 'inline',
    logLevel: 'silent',
    plugins: [
      {
        // n8n's lint allows `crypto`, not the `node:` spelling.
        name: 'bare-crypto',
        setup(b) {
          b.onResolve({ filter: /^node:crypto$/ }, () => ({ path: 'crypto', external: true }));
          b.onResolve({ filter: /^node:/ }, (args) => ({
            errors: [{ text: `${PREFIX}: the core imports ${args.path}; only crypto may be bundled` }],
          }));
        },
      },
      {
        // zod's namespaces (`z`, `z.core`) carry every message locale, about 360 kB; the core reads
        // only the English default zod installs itself, so `locales` keeps just `en`.
        name: 'zod-english-only',
        setup(b) {
          b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
            /[\\/]zod[\\/]v4[\\/](classic|core)$/.test(args.resolveDir)
              ? // The path is a name in the plugin's namespace, printed in the bundle: kept machine-independent.
                {
                  path: 'zod/v4/locales/en',
                  namespace: 'zod-locales',
                  pluginData: join(args.resolveDir, '..', 'locales', 'en.js'),
                }
              : undefined,
          );
          b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
            contents: `export { default as en } from ${JSON.stringify(args.pluginData)};`,
            resolveDir: dirname(args.pluginData),
          }));
        },
      },
    ],
  });
  const text = result.outputFiles[0].text;
  // What n8n's community-node scan refuses in shipped code, checked here so a bundle never has it.
  const modules = new Set([...text.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]));
  const refused = [
    ...[...modules].filter((name) => name !== 'crypto').map((name) => `require("${name}")`),
    ...['globalThis', 'new Function', 'eval('].filter((word) => text.includes(word)),
  ];
  if (refused.length > 0) throw new Error(`${PREFIX}: the bundle contains ${refused.join(', ')}`);
  return text;
}

/** The core's declarations, emitted by tsc in memory; `.ts` import specifiers made extensionless. */
function declarations() {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(coreDir, 'tsconfig.build.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(`${PREFIX}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      },
    },
  );
  const outDir = join(coreDir, 'declarations');
  const options = {
    ...config.options,
    outDir,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    sourceMap: false,
  };
  const program = ts.createProgram(config.fileNames, options);
  const files = {};
  const emitted = program.emit(undefined, (name, text) => {
    const body = text.replace(/(from\s+['"])(\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1$2$3');
    files[relative(outDir, name).split(sep).join('/')] = header + body;
  });
  const problems = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  // index.d.ts names what the node imports, each from the module that declares it.
  const modules = [...new Set(imported.map((n) => n.module))].sort();
  files['index.d.ts'] = `${header}${modules
    .map((module) => {
      const names = imported.filter((n) => n.module === module);
      const list = names.map((n) => (n.value ? n.name : `type ${n.name}`)).join(', ');
      return `export { ${list} } from './${module}';\n`;
    })
    .join('')}`;
  if (problems.length > 0) {
    const text = ts.formatDiagnostics(problems, {
      ...ts.sys,
      getCanonicalFileName: (f) => f,
      getNewLine: () => '\n',
      getCurrentDirectory: () => pkg,
    });
    throw new Error(`${PREFIX}: the core's declarations did not compile:\n${text}`);
  }
  return reachable(files, 'index.d.ts');
}

/** The declaration files `start` reaches through relative imports; the rest stay out. */
function reachable(files, start) {
  const kept = {};
  const queue = [start];
  while (queue.length > 0) {
    const name = queue.pop();
    if (name in kept) continue;
    kept[name] = files[name];
    for (const [, spec] of files[name].matchAll(/(?:from\s+|import\()['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const base = posix.normalize(posix.join(posix.dirname(name), spec));
      const found = [`${base}.d.ts`, `${base}/index.d.ts`].find((f) => f in files);
      if (!found) throw new Error(`${PREFIX}: ${name} imports ${spec}, which was not emitted`);
      queue.push(found);
    }
  }
  return kept;
}

function committed(dir, base = dir) {
  const found = {};
  let entries = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {}
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(found, committed(path, base));
    else found[relative(base, path).split(sep).join('/')] = readFileSync(path, 'utf8');
  }
  return found;
}

const files = { 'index.js': await bundle(), ...declarations() };
const current = committed(out);
const stale = [...new Set([...Object.keys(files), ...Object.keys(current)])]
  .filter((name) => files[name] !== current[name])
  .sort();

if (process.argv.includes('--check')) {
  for (const name of stale) {
    console.error(
      `${PREFIX}: ${join(relative(pkg, out), name)} is ${name in files ? 'out of date' : 'not generated'}`,
    );
  }
  if (stale.length > 0) {
    console.error(`${PREFIX}: run pnpm --filter @trackerkit/n8n-nodes-tracker generate`);
    process.exit(1);
  }
} else {
  rmSync(out, { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(out, name)), { recursive: true });
    writeFileSync(join(out, name), text);
  }
  console.log(
    `${PREFIX}: wrote ${Object.keys(files).length} files, index.js ${Buffer.byteLength(files['index.js'])} bytes`,
  );
}
