// Bench processes: each server in a process of its own, started from source, killed at the end.
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const children: ChildProcess[] = [];

export function node(args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--conditions=trackerkit-source', '--no-warnings', ...args], {
    cwd: join(here, '..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

/** `trackerkit-webhooks serve` on a free port with `config` (written to `configPath`); resolves with its ready line. */
export async function receiverProcess(
  config: object,
  configPath: string,
  env: Record<string, string>,
  /** Node's own flags for the receiver (those NODE_OPTIONS refuses, such as --trace-gc). */
  nodeFlags: string[] = [],
): Promise<{ url: URL; base: string; child: ChildProcess }> {
  writeFileSync(configPath, JSON.stringify(config));
  const child = node(
    [...nodeFlags, join(here, '..', 'src', 'bin.ts'), 'serve', '--config', configPath, '--port', '0'],
    env,
  );
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const ready = await new Promise<{ url: string; sources: Record<string, string> }>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((l) => l.includes('"event":"ready"'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`receiver exited ${code}: ${stderr}`)));
  });
  return { url: new URL(Object.values(ready.sources)[0]!), base: ready.url, child };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A process the bench started itself (Alertmanager): killed with the others at the end. */
export function adopt(child: ChildProcess): ChildProcess {
  children.push(child);
  return child;
}

export function killAll(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
}

/** A bench server script (bench/servers) that prints `{"port":N, ...}` on stdout when it listens. */
export async function jsonServer(
  script: string,
  args: string[] = [],
): Promise<{ url: URL; child: ChildProcess; ready: Record<string, number> }> {
  const child = node([join(here, 'servers', script), ...args]);
  const ready = await new Promise<Record<string, number>>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString())));
    child.once('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
  return { url: new URL(`http://127.0.0.1:${ready.port}/`), child, ready };
}
