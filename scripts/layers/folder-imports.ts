// The folder-to-folder imports of a package's sources, for each package's `test/unit/layers.test.ts`.
// A layer is a folder directly under the source root (`src/store`), or a path named in `units` when a
// package splits finer (`config/common.ts` as a leaf of its own, `delivery/destinations`). Files at the
// root of `src/` (index.ts, bin.ts) wire the layers together and belong to none unless named.
// Imports are read with TypeScript's pre-processor (no type checking): static, type-only,
// `export … from`, dynamic `import()` and `import('./x').T` types; text inside comments is not read.
//
// Use (lowest layer first; a new folder fails the first case until it is placed), in a test file:
//   describeLayers("the client's layers", new URL('../../src/', import.meta.url),
//     ['errors.ts', ['validate', 'http'], 'resources']);   // validate and http: siblings
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** One import that crosses from one layer into another: paths relative to the source root, `/`-separated. */
export interface FolderEdge {
  from: string;
  to: string;
  file: string;
  target: string;
}

const SKIP = new Set(['node_modules', 'dist']);

/** A folder given as a path or a `file:` URL (`new URL('../../src/', import.meta.url)`). */
const pathOf = (dir: string | URL): string => (typeof dir === 'string' ? dir : fileURLToPath(dir));
const CODE = /\.(ts|mts|js|mjs)$/;

/** Every source file under `dir` (no declaration files, nothing built). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(path);
    return CODE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The folders directly under `dir` that hold source (the default layers). */
export function topFolders(folder: string | URL): string[] {
  const dir = pathOf(folder);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SKIP.has(entry.name))
    .filter((entry) => sourceFiles(join(dir, entry.name)).length > 0)
    .map((entry) => entry.name)
    .sort();
}

/** A relative specifier, resolved to the file it names (`./x.js` → `x.ts`, `./dir` → `dir/index.ts`). */
function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const bare = base.replace(/\.(js|mjs)$/, '');
  const found = [base, `${bare}.ts`, `${base}.ts`, join(base, 'index.ts')].find(
    (f) => existsSync(f) && statSync(f).isFile(),
  );
  return found ?? base;
}

/** Every relative module a file imports or re-exports (static, type-only and dynamic), resolved. */
export function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles
    .map((ref) => ref.fileName)
    .filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'))
    .map((specifier) => resolveRelative(file, specifier));
}

const posix = (path: string) => path.split(sep).join('/');

/**
 * The layer a path (relative to the source root) belongs to: the longest of `units` that is the
 * path or a folder above it, else its top folder; undefined for a root file not named in `units`.
 */
function unitOf(path: string, units: readonly string[]): string | undefined {
  const named = units
    .filter((unit) => path === unit || path.startsWith(`${unit}/`))
    .sort((a, b) => b.length - a.length)[0];
  if (named) return named;
  const slash = path.indexOf('/');
  return slash === -1 ? undefined : path.slice(0, slash);
}

/**
 * Every import under `srcDir` from one layer into another. Imports within a layer, from or into
 * root files not named in `units`, and out of `srcDir` (another package, a generated file) are left out.
 */
export function folderEdges(srcDir: string | URL, units: readonly string[] = []): FolderEdge[] {
  const root = resolve(pathOf(srcDir));
  return sourceFiles(root).flatMap((path) => {
    const file = posix(relative(root, path));
    const from = unitOf(file, units);
    if (from === undefined) return [];
    return importsOf(path).flatMap((resolved) => {
      const target = posix(relative(root, resolved));
      if (target.startsWith('../')) return [];
      const to = unitOf(target, units);
      return to === undefined || to === from ? [] : [{ from, to, file, target }];
    });
  });
}

/** A layer, or a group of sibling layers at one level (`['creates', 'searches', 'triggers']`). */
export type Level = string | readonly string[];

/**
 * Every pair `[from, to]` where `from` may import nothing from `to`, for an order given lowest first:
 * each layer with every layer above it, and the siblings of one level with each other, both ways.
 */
export function layerPairs(order: readonly Level[]): Array<[from: string, to: string]> {
  const levels = order.map((level) => (typeof level === 'string' ? [level] : [...level]));
  return levels.flatMap((level, i) => [
    ...level.flatMap((from) => level.filter((to) => to !== from).map((to): [string, string] => [from, to])),
    ...levels
      .slice(i + 1)
      .flat()
      .flatMap((to) => level.map((from): [string, string] => [from, to])),
  ]);
}

/** The imports from `lower` into `higher`, as `file -> target` (empty when the layers hold). */
export function upwardImports(edges: readonly FolderEdge[], lower: string, higher: string): string[] {
  return edges.filter((e) => e.from === lower && e.to === higher).map((e) => `${e.file} -> ${e.target}`);
}

/**
 * The layers test of a package: every folder under `placed` (relative to `src`; its root by default)
 * is in `order`, and no layer imports from one above it or from a sibling. Each entry of `order` that
 * is not a top folder (a root file, a deeper path) is a unit of its own.
 */
export function describeLayers(
  title: string,
  src: string | URL,
  order: readonly Level[],
  { placed = '' }: { placed?: string } = {},
): void {
  const units = order.flat();
  const edges = folderEdges(src, units);
  const prefix = placed === '' ? '' : `${placed}/`;
  describe(title, () => {
    it(`place every folder of ${placed === '' ? 'src' : placed}/`, () => {
      const folders = units
        .filter((unit) => unit.startsWith(prefix) && !CODE.test(unit))
        .map((unit) => unit.slice(prefix.length))
        .filter((unit) => !unit.includes('/'));
      expect(folders.sort()).toEqual(topFolders(join(pathOf(src), placed)));
    });
    it.each(layerPairs(order))('%s imports nothing from %s', (lower, higher) => {
      expect(upwardImports(edges, lower, higher)).toEqual([]);
    });
  });
}
