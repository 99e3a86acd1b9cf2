// Finds the fenced code blocks of the repository's READMEs and reads the `docs-check` marker each
// one carries on the line right before its fence. Pure apart from reading the files.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface CodeBlock {
  /** The Markdown file, relative to the repository root, with `/` separators. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  /** The marker's text after `docs-check:`, or undefined when the block has none. */
  marker: string | undefined;
}

export type Check =
  | { kind: 'skip'; reason: string }
  | { kind: 'typecheck'; preamble: string }
  | { kind: 'run' }
  | { kind: 'serve' }
  | { kind: 'serve then run' }
  | { kind: 'check receiver'; fragment: boolean }
  | { kind: 'check fixtures' }
  | { kind: 'check json' }
  | { kind: 'ready-line' };

const SHELL = ['sh', 'bash', 'shell', 'console', 'zsh'];
const TYPESCRIPT = ['ts', 'typescript'];

/** Which checks a language can have; `skip` is allowed for every block. */
const KINDS_BY_LANG: [string[], Check['kind'][]][] = [
  [SHELL, ['run', 'serve', 'serve then run']],
  [TYPESCRIPT, ['typecheck']],
  [
    ['yaml', 'yml'],
    ['check receiver', 'check fixtures'],
  ],
  [['json'], ['check json', 'ready-line']],
];

export const MARKER_HELP = [
  'put one of these on the line right before the fence:',
  '`<!-- docs-check: run -->` (a shell block run with bash -euo pipefail),',
  '`<!-- docs-check: serve -->` (each line starts a server that must print its ready line),',
  '`<!-- docs-check: serve then run -->` (the first line serves, the rest runs against it),',
  '`<!-- docs-check: typecheck; declare const x: T; -->` (TypeScript, with an optional preamble),',
  '`<!-- docs-check: check receiver [fragment] | check fixtures | check json | ready-line -->`,',
  'or `<!-- docs-check: skip (why it cannot run here) -->` (see CONTRIBUTING.md, "Examples in READMEs")',
].join(' ');

const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'dist-mcpb', '.tmp', 'coverage', 'n8n-home']);

/** README.md and CONTRIBUTING.md files at any depth, node_modules and build output left out. */
export function findDocs(root: string, dir = root): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...findDocs(root, join(dir, entry.name)));
    } else if (entry.name === 'README.md' || entry.name === 'CONTRIBUTING.md') {
      found.push(relative(root, join(dir, entry.name)).split('\\').join('/'));
    }
  }
  return found.sort();
}

const MARKER = /^\s*<!--\s*docs-check:\s*(.*?)\s*-->\s*$/;

export function blocksOf(file: string, text: string): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)(`{3,}|~{3,})\s*([\w+-]*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', fence = '', lang = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^ *(`{3,}|~{3,})\s*$/.exec(lines[j]!);
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length) break;
      body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!.trimStart());
    }
    const marker = i > 0 ? MARKER.exec(lines[i - 1]!)?.[1] : undefined;
    blocks.push({ file, line: i + 1, lang: lang.toLowerCase(), code: `${body.join('\n')}\n`, marker });
    i = j;
  }
  return blocks;
}

/** The block's check, or a sentence saying what is wrong with its marker (naming file and line). */
export function checkOf(block: CodeBlock): Check | { problem: string } {
  const where = `${block.file}:${block.line}`;
  const fence = `\`\`\`${block.lang}`;
  if (block.marker === undefined) {
    return { problem: `${where}: this ${fence} block has no docs-check marker; ${MARKER_HELP}` };
  }
  const text = block.marker;
  if (/^skip\b/.test(text)) {
    const reason = /^skip\s*\((.*)\)$/.exec(text)?.[1]?.trim();
    return reason
      ? { kind: 'skip', reason }
      : { problem: `${where}: a skip needs its reason: <!-- docs-check: skip (why it cannot run here) -->` };
  }
  const check = parseCheck(text);
  if (!check) return { problem: `${where}: unknown docs-check marker "${text}"; ${MARKER_HELP}` };
  const allowed = KINDS_BY_LANG.find(([langs]) => langs.includes(block.lang))?.[1] ?? [];
  if (!allowed.includes(check.kind)) {
    const can = allowed.length ? allowed.join(', ') : 'only skip';
    return { problem: `${where}: a ${fence} block cannot have "${check.kind}" (it can have: ${can}, skip)` };
  }
  return check;
}

function parseCheck(text: string): Check | undefined {
  const typecheck = /^typecheck(?:\s*;\s*|\s+|$)([\s\S]*)$/.exec(text);
  if (typecheck) return { kind: 'typecheck', preamble: typecheck[1] ?? '' };
  switch (text) {
    case 'run':
    case 'serve':
    case 'serve then run':
    case 'check fixtures':
    case 'check json':
    case 'ready-line':
      return { kind: text };
    case 'check receiver':
      return { kind: 'check receiver', fragment: false };
    case 'check receiver fragment':
      return { kind: 'check receiver', fragment: true };
    default:
      return undefined;
  }
}

/** Every fenced block of every README and CONTRIBUTING.md under `root`. */
export function collectBlocks(root: string): CodeBlock[] {
  return findDocs(root).flatMap((file) => blocksOf(file, readFileSync(join(root, file), 'utf8')));
}
