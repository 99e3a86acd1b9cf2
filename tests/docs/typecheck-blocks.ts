// Typechecks every TypeScript block of the READMEs in one `tsc` run with the repository's compiler
// options. Each block becomes a module beside the package whose README shows it, so its imports
// resolve as that package's own (`@trackerkit/mcp-server` by its name, its dependencies too), the
// root README's beside the root.
import { mkdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { run } from './block-processes.ts';

export interface TsBlock {
  /** README path relative to the root, e.g. packages/client/README.md. */
  file: string;
  /** Line of the opening fence. */
  line: number;
  code: string;
  preamble: string;
}

export interface TypecheckOptions {
  root: string;
  /** A name for this run's directories (`<package>/.tmp/<name>/`), removed by the caller. */
  runName: string;
  /** The tsconfig to extend; the repository's by default. */
  baseConfig?: string;
}

/** Per block (by `file:line`): the compiler's errors, each naming the README's line. */
export async function typecheckBlocks(
  blocks: TsBlock[],
  options: TypecheckOptions,
): Promise<{ errors: Map<string, string[]>; dirs: string[]; output: string }> {
  const { root, runName } = options;
  const dirs = new Set<string>();
  const byFile = new Map<string, { block: TsBlock; preambleLines: number }>();
  for (const block of blocks) {
    const owner = dirname(join(root, block.file)); // the package (or the root) the README belongs to
    const dir = join(owner, '.tmp', runName);
    mkdirSync(dir, { recursive: true });
    dirs.add(dir);
    const path = join(dir, `readme-line-${block.line}.ts`);
    const preamble = block.preamble.trim() ? `${block.preamble.trim()}\n` : '';
    writeFileSync(path, `${preamble}${block.code}export {};\n`);
    byFile.set(resolve(path), { block, preambleLines: preamble ? preamble.split('\n').length - 1 : 0 });
  }
  const configDir = join(root, '.tmp', runName);
  mkdirSync(configDir, { recursive: true });
  dirs.add(configDir);
  const config = join(configDir, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: relative(configDir, options.baseConfig ?? join(root, 'tsconfig.json')),
      // An example may declare a value only to show it (`const run = await ...`): the repository's
      // noUnusedLocals is for its code, not for fragments of a README.
      compilerOptions: { noEmit: true, incremental: false, noUnusedLocals: false },
      include: [],
      files: [...byFile.keys()],
    }),
  );
  const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  const finished = await run(process.execPath, [tsc, '-p', config, '--pretty', 'false'], {
    cwd: root,
    env: process.env,
    timeoutMs: 170_000,
  });
  const errors = new Map<string, string[]>();
  let continued: { list: string[]; index: number } | undefined;
  let anyError = false;
  for (const line of finished.stdout.split('\n')) {
    const error = /^(.+?)\((\d+),(\d+)\): (error TS\d+: .*)$/.exec(line);
    if (!error) {
      if (continued && line.startsWith(' ')) continued.list[continued.index] += `\n${line}`;
      continue;
    }
    anyError = true;
    continued = undefined;
    const [, path = '', lineNo = '0', column = '0', message = ''] = error;
    const entry = byFile.get(resolve(root, path));
    if (!entry) continue; // an error inside a package is the repository's own typecheck's to report
    const { block, preambleLines } = entry;
    const at = Number(lineNo) - preambleLines;
    const where =
      at >= 1
        ? `${block.file}:${block.line + at}:${column}`
        : `${block.file}:${block.line - 1} (the marker's preamble)`;
    const key = `${block.file}:${block.line}`;
    const list = errors.get(key) ?? [];
    list.push(`${where}: ${message}`);
    errors.set(key, list);
    continued = { list, index: list.length - 1 };
  }
  if (finished.code !== 0 && !anyError) {
    errors.set('tsc', [`tsc exited ${finished.code}:\n${finished.stdout}${finished.stderr}`]);
  }
  return { errors, dirs: [...dirs], output: finished.stdout };
}

/** Removes this run's directories, and a `.tmp` left empty by them. */
export function removeBlockDirs(dirs: string[]): void {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
    try {
      rmdirSync(dirname(dir)); // only when empty: another run (or a person) may be using it
    } catch {
      // not empty, or gone
    }
  }
}
