// What a block names must exist, whether or not the block can run here: the workspace packages it
// installs or imports, the repository files its commands take, the pnpm scripts it runs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeBlock } from './markdown-blocks.ts';
import { commandsOf } from './shell-blocks.ts';

interface Manifest {
  name?: string;
  scripts?: Record<string, string>;
}

function manifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

/** Package name → its directory, for every workspace package. */
export function workspacePackages(root: string): Map<string, string> {
  const packages = new Map<string, string>();
  for (const name of readdirSync(join(root, 'packages'))) {
    const dir = join(root, 'packages', name);
    if (existsSync(join(dir, 'package.json'))) packages.set(manifest(dir).name ?? name, dir);
  }
  return packages;
}

// pnpm's own commands; any other word after `pnpm` runs the script of that name.
const PNPM_COMMANDS = new Set(
  'add audit config create dlx env exec fetch i import init install link list ls outdated pack patch prune publish rebuild remove rm store un uninstall up update why approve-builds deploy licenses setup'.split(
    ' ',
  ),
);

/** `pnpm [-s] [-w] [--filter PKG] [run] SCRIPT ...` → the package directory and the script. */
function pnpmScripts(command: string, root: string, packages: Map<string, string>): [string, string][] {
  const found: [string, string][] = [];
  for (const part of command.split(/&&|\|\||;|\|/)) {
    const words = part.trim().split(/\s+/);
    if (words[0] !== 'pnpm') continue;
    let dir = root;
    let i = 1;
    for (; i < words.length && words[i]!.startsWith('-'); i++) {
      const filter = /^--filter(?:=(.+))?$/.exec(words[i]!);
      if (filter) dir = packages.get(filter[1] ?? words[++i] ?? '') ?? `(no workspace package ${words[i]})`;
    }
    const word = words[i];
    if (!word || PNPM_COMMANDS.has(word)) continue;
    const script = word === 'run' ? words[i + 1] : word;
    if (script && !script.startsWith('-')) found.push([dir, script]);
  }
  return found;
}

export function referenceProblems(block: CodeBlock, root: string, packages: Map<string, string>): string[] {
  const where = `${block.file}:${block.line}`;
  const problems: string[] = [];
  for (const [name] of block.code.matchAll(/@trackerkit\/[a-z0-9-]+/g)) {
    if (!packages.has(name)) problems.push(`${where}: ${name} is not a package of this workspace`);
  }
  if (!['sh', 'bash', 'shell', 'console', 'zsh'].includes(block.lang)) return problems;
  for (const command of commandsOf(block.code)) {
    const code = command.replace(/\s#.*$/, '');
    for (const [, path = ''] of code.matchAll(
      /(?:^|[\s'"=(])((?:packages|tests|scripts|openapi|\.ci)\/[\w./@-]*\w)/g,
    )) {
      if (!existsSync(join(root, path)))
        problems.push(`${where}: \`${command}\` names ${path}, which does not exist`);
    }
    for (const [dir, script] of pnpmScripts(code, root, packages)) {
      if (!existsSync(join(dir, 'package.json')) || !manifest(dir).scripts?.[script]) {
        problems.push(`${where}: \`${command}\` runs the script "${script}", which ${dir} does not have`);
      }
    }
  }
  return problems;
}
