import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { compileCacheIn } from '../../../../tests/helpers/compile-cache.ts';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';

export { freePort } from '../../../../tests/helpers/free-port.ts';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A smallest receiver.json in `dir` (its store and a file destination there, one source whose secret
 * is the variable `secretEnv`), for the bin's tests; returns its path.
 */
export function writeServeConfig(dir: string, secretEnv: string): string {
  const config = join(dir, 'receiver.json');
  writeFileSync(
    config,
    JSON.stringify({
      storage: { path: join(dir, 'store.db') },
      sources: [{ name: 'tracker', path: '/hooks/tracker', secret: { env: secretEnv } }],
      destinations: [{ name: 'sink', type: 'file', path: join(dir, 'sink.jsonl') }],
      route: { destination: 'sink' },
    }),
  );
  return config;
}

/** Runs `trackerkit-webhooks serve` from source in a child process and waits until /readyz answers. */
export async function spawnReceiver(
  configPath: string,
  port: number,
  env: Record<string, string>,
  /** Node's own flags on the command line, as an operator adds them (`node --max-old-space-size=…`). */
  nodeFlags: string[] = [],
  /** A command that runs node as its last arguments (`strace -f -o trace`). */
  wrapper: string[] = [],
): Promise<{ child: ChildProcess; stderr: string[] }> {
  const stderr: string[] = [];
  const [command, ...wrapperArgs] = [...wrapper, process.execPath];
  const child = spawn(
    command!,
    [
      ...wrapperArgs,
      ...nodeFlags,
      '--conditions=trackerkit-source',
      '--no-warnings',
      join(packageDir, 'src', 'bin.ts'),
      'serve',
      '--config',
      configPath,
      '--port',
      String(port),
    ],
    {
      cwd: packageDir,
      env: { ...process.env, ...compileCacheIn(dirname(configPath)), ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`receiver exited ${child.exitCode}: ${stderr.join('')}`);
      return fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    { timeout: 20_000, interval: 50, what: 'receiver ready' },
  ).catch((error: Error) => {
    // A timeout's message gets the receiver's stderr; an exit's has it already.
    throw child.exitCode !== null ? error : new Error(`${error.message}: ${stderr.join('')}`);
  });
  return { child, stderr };
}

/** `trackerkit-webhooks <args>` from source in its own process, as an operator runs it in `cwd`: no secrets in its environment. */
export function runCli(
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=trackerkit-source', '--no-warnings', join(packageDir, 'src', 'bin.ts'), ...args],
      { cwd, env: { PATH: process.env.PATH ?? '', ...compileCacheIn(cwd) } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
