// Helpers for the release test: the packed tarballs, installed with npm where a user would install
// them (an empty folder outside the workspace), and their bins run there.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  bin?: Record<string, string>;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  n8n?: { nodes?: string[]; credentials?: string[] };
}

/** The workspace's publishable packages: folder name and manifest. */
export function publishedPackages(): Array<{ dir: string; manifest: Manifest }> {
  return readdirSync(join(ROOT, 'packages'))
    .map((dir) => ({
      dir,
      manifest: JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8')) as Manifest,
    }))
    .filter(({ manifest }) => !manifest.private);
}

/** pnpm pack of every published package into `out` (tests/release/pack-all.sh); the tarball paths. */
export async function packAll(out: string, only: string[] = []): Promise<string[]> {
  const { stdout } = await run('bash', [join(ROOT, 'tests', 'release', 'pack-all.sh'), out, ...only], {
    cwd: ROOT,
    maxBuffer: 64 << 20,
  });
  return stdout.trim().split('\n');
}

/**
 * npm install of the tarballs into `folder` (a fresh project there), as a user would; `env` picks
 * the user's Node (tests/release/lowest-node.ts), the workspace's by default.
 */
export async function npmInstall(
  folder: string,
  tarballs: string[],
  // The workspace's pnpm settings (engine-strict, npm_config_* from pnpm) stay out of this install.
  env: NodeJS.ProcessEnv = withoutNpmConfig(process.env),
): Promise<void> {
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true })}\n`);
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], {
    cwd: folder,
    maxBuffer: 64 << 20,
    env,
  });
}

/** The environment without pnpm's npm_config_* and the workspace's node_modules/.bin on PATH. */
export function withoutNpmConfig(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (!/^npm_(config|package|lifecycle)_/i.test(key)) clean[key] = value;
  }
  clean.PATH = (env.PATH ?? '')
    .split(':')
    .filter((entry) => !entry.startsWith(ROOT))
    .join(':');
  return clean;
}

export interface Started {
  child: ChildProcess;
  /** The ready announcement: the first stdout line that is JSON with `"event":"ready"`. */
  ready: Record<string, unknown>;
  stderr: () => string;
}

/**
 * Starts a bin and waits for its ready line: the convention is one JSON line on stdout with
 * `"event":"ready"` and the addresses. Rejects with the bin's stderr when it exits first.
 */
export function startBin(
  bin: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<Started> {
  const child = spawn(bin, args, {
    cwd: options.cwd,
    env: options.env ?? withoutNpmConfig(process.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((done, fail) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const ready = parseJsonLine(line);
      if (ready?.event === 'ready') done({ child, ready, stderr: () => stderr });
    });
    child.once('exit', (code, signal) =>
      fail(new Error(`${bin} exited (${code ?? signal}) before its ready line:\n${stderr}`)),
    );
  });
}

function parseJsonLine(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Stops a started bin and waits for it to be gone. */
export async function stop(started: Started | undefined): Promise<void> {
  const child = started?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** A ready line's main address: `url`, as every bin announces it (the convention). */
export function readyUrl(ready: Record<string, unknown>): string {
  const url = ready.url;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url))
    throw new Error(`the ready line has no http(s) url field: ${JSON.stringify(ready)}`);
  return url;
}
