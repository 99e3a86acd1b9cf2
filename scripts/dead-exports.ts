// The dead-export check of `verify`: an exported name of a package's source that no other file of
// the workspace imports (sources, tests, benches, scripts, bins) and that is not the package's public
// API (its src/index.ts and subpath entries, or the n8n node's files n8n loads). knip does the same,
// but cannot resolve the workspace's `trackerkit-source` condition without a build; this reads imports
// with the TypeScript parser only (no type checking), so it runs in a second or two. As knip's
// `ignoreExportsUsedInFile`, an export its own file uses is not reported; `--strict` reports the
// values among them (drop the `export`), keeping types, which exported signatures need.
// Usage: node scripts/dead-exports.ts [--strict]   (exit 1 and a list when something is dead)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
/** --strict: a value export only its own file uses is dead too (types in signatures stay allowed). */
const strict = process.argv.includes('--strict');

/** Exported names kept on purpose: `file → name → why`. */
const KEPT: Record<string, Record<string, string>> = {
  'packages/webhooks/src/config/config-schema.ts': {
    TrackerkitConfigInput:
      "the receiver's config types are being reworked in packages/webhooks (issue 28, another change); its owner uses or removes it",
  },
};

const SKIP = new Set(['node_modules', 'dist', 'generated', '.git', 'coverage', 'declarations']);
const CODE = /\.(ts|mts|js|mjs)$/;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : filesUnder(path);
    return CODE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Pkg {
  name: string;
  dir: string;
  /** Import specifier (`@trackerkit/core/http`) → source file. */
  entries: Map<string, string>;
}

const packages: Pkg[] = readdirSync(join(root, 'packages')).flatMap((name) => {
  const dir = join(root, 'packages', name);
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return [];
  const json = JSON.parse(readFileSync(manifest, 'utf8')) as {
    name: string;
    exports?: Record<string, { 'trackerkit-source'?: string } | string>;
    n8n?: { nodes?: string[]; credentials?: string[] };
  };
  const entries = new Map<string, string>();
  for (const [sub, target] of Object.entries(json.exports ?? {})) {
    const source = typeof target === 'object' ? target['trackerkit-source'] : undefined;
    if (source) entries.set(sub === '.' ? json.name : `${json.name}/${sub.slice(2)}`, join(dir, source));
  }
  // The n8n node's public API is the files n8n loads (dist/x.js, from the sources x.ts).
  for (const built of [...(json.n8n?.nodes ?? []), ...(json.n8n?.credentials ?? [])]) {
    entries.set(built, join(dir, built.replace(/^dist\//, '').replace(/\.js$/, '.ts')));
  }
  return [{ name: json.name, dir, entries }];
});

/** The files whose exports are checked: each package's sources (the n8n node's nodes/ and credentials/). */
const checked = packages.flatMap((p) =>
  ['src', 'nodes', 'credentials'].flatMap((d) => filesUnder(join(p.dir, d))),
);
/** The files that may import them: the sources, and the tests, benches, scripts and bins. */
const users = [
  ...checked,
  ...packages.flatMap((p) => ['test', 'bench', 'scripts', 'bin'].flatMap((d) => filesUnder(join(p.dir, d)))),
  ...filesUnder(join(root, 'tests')),
  ...filesUnder(join(root, 'scripts')),
];
const publicFiles = new Set(packages.flatMap((p) => [...p.entries.values()]));

function resolveSpecifier(from: string, spec: string): string | undefined {
  if (spec.startsWith('.')) {
    const base = resolve(dirname(from), spec);
    const bare = base.replace(/\.(js|mjs)$/, '');
    return [base, `${bare}.ts`, `${base}.ts`, join(base, 'index.ts')].find(
      (f) => existsSync(f) && statSync(f).isFile(),
    );
  }
  for (const p of packages) {
    const entry = p.entries.get(spec);
    if (entry) return entry;
  }
  return undefined;
}

/** `file → names imported from it`; `*` when a file takes all of them (namespace, export *, import()). */
const used = new Map<string, Set<string>>();
const use = (file: string | undefined, name: string) => {
  if (!file) return;
  const names = used.get(file) ?? new Set<string>();
  used.set(file, names);
  names.add(name);
};

const exportsOf = new Map<string, Map<string, number>>();
/** The exports that are types (interfaces, type aliases): those may be used in their own file only. */
const typeExports = new Map<string, Set<string>>();
/** How often each identifier occurs in a file (a type its own file uses is not dead). */
const identifiers = new Map<string, Map<string, number>>();

for (const file of new Set(users)) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const own = new Map<string, number>();
  const types = new Set<string>();
  const counts = new Map<string, number>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) counts.set(node.text, (counts.get(node.text) ?? 0) + 1);
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      const spec = node.moduleSpecifier;
      if (spec && ts.isStringLiteral(spec)) {
        const target = resolveSpecifier(file, spec.text);
        const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
        if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) use(target, '*');
        else for (const e of bindings.elements) use(target, (e.propertyName ?? e.name).text);
        if (ts.isImportDeclaration(node) && node.importClause?.name) use(target, 'default');
      } else if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
        // `export { x }` names x once more: the clause is not a use.
        for (const e of node.exportClause.elements) {
          own.set(e.name.text, e.getStart());
          if (node.isTypeOnly || e.isTypeOnly) types.add(e.name.text);
          counts.set(e.name.text, (counts.get(e.name.text) ?? 0) - 1);
        }
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) use(resolveSpecifier(file, arg.text), '*');
    } else if (ts.canHaveModifiers(node) && node.parent === source) {
      const exported = ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (exported) {
        const isDefault = ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
        if (isDefault) own.set('default', node.getStart());
        else if (ts.isVariableStatement(node)) {
          for (const d of node.declarationList.declarations)
            if (ts.isIdentifier(d.name)) own.set(d.name.text, d.getStart());
        } else {
          const name = (node as ts.DeclarationStatement).name;
          if (name && ts.isIdentifier(name)) own.set(name.text, node.getStart());
          if (name && (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)))
            types.add(name.text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  exportsOf.set(file, own);
  identifiers.set(file, counts);
  typeExports.set(file, types);
}

const dead: string[] = [];
for (const file of checked) {
  if (publicFiles.has(file)) continue;
  const names = used.get(file) ?? new Set();
  if (names.has('*')) continue;
  const text = readFileSync(file, 'utf8');
  for (const [name, at] of exportsOf.get(file) ?? []) {
    const rel = relative(root, file);
    if (names.has(name) || KEPT[rel]?.[name]) continue;
    const usedInFile = (identifiers.get(file)?.get(name) ?? 0) > 1;
    if (usedInFile && (!strict || typeExports.get(file)?.has(name))) continue;
    const line = text.slice(0, at).split('\n').length;
    dead.push(`${rel}:${line} ${name}`);
  }
}

if (dead.length > 0) {
  console.error(
    `dead-exports: ${dead.length} exported names nothing else imports (remove the export, or list it in KEPT with why):`,
  );
  for (const d of dead) console.error(`  ${d}`);
  process.exit(1);
}
console.log(`dead-exports: ${checked.length} files, every export is imported or public`);
