// Every fenced block of every README (and CONTRIBUTING.md) is checked as its marker says, so no
// example drifts from the code: shell blocks run (servers must print their ready line and stop on
// SIGTERM), TypeScript blocks typecheck (one tsc run for all), receiver configurations pass the real
// `trackerkit-webhooks check`, emulator fixtures load. A block that cannot run here says why
// (`skip (...)`), and an unmarked block fails. The markers: CONTRIBUTING.md, "Examples in READMEs".
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll, stop, writeCurlShim } from './block-processes.ts';
import { referenceProblems, workspacePackages } from './block-references.ts';
import { type Check, type CodeBlock, checkOf, collectBlocks } from './markdown-blocks.ts';
import { checkReceiverConfig, configText } from './receiver-config.ts';
import { blockEnv, type ReadyLine, runBlock, serve, serveEach, serveThenRun } from './shell-blocks.ts';
import { removeBlockDirs, typecheckBlocks } from './typecheck-blocks.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runName = `docs-check-${process.pid}`;
const work = join(root, '.tmp', runName); // under the root: `pnpm <script>` and npx find the workspace
const blocks = collectBlocks(root);
const packages = workspacePackages(root);
const keyOf = (block: CodeBlock) => `${block.file}:${block.line}`;
const checks = new Map(blocks.map((block) => [keyOf(block), checkOf(block)]));

interface Outcome {
  problems: string[];
  ready?: ReadyLine[];
}

const dirs: string[] = [work];
let env: NodeJS.ProcessEnv = {};

// Two cores: at most two blocks' processes at a time, beside the one tsc run.
let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(job: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await job();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function blockDir(block: CodeBlock): string {
  const dir = join(work, `${block.file.replace(/[^\w]+/g, '-')}-${block.line}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

let typechecked: ReturnType<typeof typecheckBlocks> | undefined;
function typecheck(): ReturnType<typeof typecheckBlocks> {
  typechecked ??= typecheckBlocks(
    blocks.flatMap((block) => {
      const check = checks.get(keyOf(block));
      return check && 'kind' in check && check.kind === 'typecheck'
        ? [{ file: block.file, line: block.line, code: block.code, preamble: check.preamble }]
        : [];
    }),
    { root, runName },
  ).then((result) => {
    dirs.push(...result.dirs);
    return result;
  });
  return typechecked;
}

const outcomes = new Map<string, Promise<Outcome>>();
function outcomeOf(block: CodeBlock, check: Check): Promise<Outcome> {
  const key = keyOf(block);
  let outcome = outcomes.get(key);
  if (!outcome) {
    outcome =
      check.kind === 'typecheck'
        ? typecheck().then(({ errors }) => ({
            problems: [...(errors.get(key) ?? []), ...(errors.get('tsc') ?? [])],
          }))
        : limited(() => checkBlock(block, check));
    outcomes.set(key, outcome);
  }
  return outcome;
}

async function checkBlock(block: CodeBlock, check: Check): Promise<Outcome> {
  const context = { cwd: blockDir(block), env };
  switch (check.kind) {
    case 'run': {
      const failure = await runBlock(block.code, context);
      return { problems: failure ? [failure] : [] };
    }
    case 'serve':
      return serveEach(block.code, context);
    case 'serve then run':
      return serveThenRun(block.code, context);
    case 'check receiver': {
      const file = join(context.cwd, 'receiver.yaml');
      const text = configText(block.code, check.fragment);
      writeFileSync(file, text);
      const failure = await checkReceiverConfig(file, text, context.cwd);
      return { problems: failure ? [failure] : [] };
    }
    case 'check fixtures': {
      writeFileSync(join(context.cwd, 'fixtures.yaml'), block.code);
      const bin = join(root, 'packages/emulator/bin/trackerkit-emulator.js');
      const served = await serve(`'${process.execPath}' '${bin}' --port 0 --fixtures fixtures.yaml`, context);
      if ('problem' in served) return { problems: [served.problem] };
      await stop(served.server);
      return { problems: [] };
    }
    case 'check json':
      try {
        JSON.parse(block.code);
        return { problems: [] };
      } catch (error) {
        return { problems: [`not JSON: ${(error as Error).message}`] };
      }
    case 'ready-line':
      return readyLineOutcome(block);
    case 'skip':
    case 'typecheck':
      return { problems: [] }; // not here: skipped, or all in one tsc run
  }
}

/** A documented ready line has the fields of the one printed by the nearest server above it. */
async function readyLineOutcome(block: CodeBlock): Promise<Outcome> {
  const server = blocks
    .filter((other) => other.file === block.file && other.line < block.line)
    .reverse()
    .find((other) => {
      const check = checks.get(keyOf(other));
      return check && 'kind' in check && (check.kind === 'serve' || check.kind === 'serve then run');
    });
  if (!server) return { problems: ['no `serve` block above this ready line in the same file'] };
  const printed = (await outcomeOf(server, checks.get(keyOf(server)) as Check)).ready?.[0];
  if (!printed) return { problems: [`the server of ${keyOf(server)} printed no ready line`] };
  const shown = Object.keys(JSON.parse(block.code) as object).sort();
  const actual = Object.keys(printed).sort();
  return shown.join() === actual.join()
    ? { problems: [] }
    : { problems: [`shows the fields ${shown.join(', ')}; the server printed ${actual.join(', ')}`] };
}

beforeAll(() => {
  writeCurlShim(
    join(work, 'bin'),
    execFileSync('bash', ['-c', 'command -v curl'], { encoding: 'utf8' }).trim(),
  );
  env = blockEnv(join(work, 'bin'));
  // Everything starts now and runs side by side; each test below waits for its own block.
  for (const block of blocks) {
    const check = checks.get(keyOf(block));
    if (check && 'kind' in check && check.kind !== 'skip') void outcomeOf(block, check);
  }
});

afterAll(() => {
  killAll();
  removeBlockDirs(dirs);
});

describe('README code blocks', () => {
  it('are found in the root README and in each package README', () => {
    const files = new Set(blocks.map((block) => block.file));
    expect(files).toContain('README.md');
    for (const pkg of ['client', 'core', 'emulator', 'mcp-server', 'webhooks']) {
      expect(files).toContain(`packages/${pkg}/README.md`);
    }
  });

  const titleOf = (block: CodeBlock) => {
    const check = checks.get(keyOf(block))!;
    return `${keyOf(block)} ${block.lang || '(no language)'} ${'kind' in check ? check.kind : '(marker problem)'}`;
  };
  it.each(blocks.map((block) => [titleOf(block), block] as const))(
    '%s',
    async (_title, block) => {
      const check = checks.get(keyOf(block))!;
      const problems = referenceProblems(block, root, packages);
      if ('problem' in check) problems.push(check.problem);
      else if (check.kind !== 'skip') {
        problems.push(
          ...(await outcomeOf(block, check)).problems.map((p) => `${keyOf(block)} (${check.kind}): ${p}`),
        );
      }
      expect(problems.join('\n\n')).toBe('');
    },
    180_000,
  );
});
