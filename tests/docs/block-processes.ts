// Starts the processes the README checks need, each in a process group of its own so that it and
// whatever it starts (pnpm's script shell, npx's node) stop together, and never leaves one behind.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const started = new Set<ChildProcess>();

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<Finished>;
}

export function start(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Started {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<Finished>((resolve) => {
    child.on('close', (code, signal) => {
      started.delete(child);
      resolve({ code, signal, stdout, stderr, timedOut: false });
    });
    child.on('error', (error) => {
      started.delete(child);
      resolve({ code: null, signal: null, stdout, stderr: `${stderr}${error.message}`, timedOut: false });
    });
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Signals the child's whole process group (it was started detached, so its pid is the group's). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

/** Runs to completion; after `timeoutMs` the group gets SIGKILL and the result says it timed out. */
export async function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<Finished> {
  const proc = start(command, args, options);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    signalGroup(proc.child, 'SIGKILL');
  }, options.timeoutMs);
  const finished = await proc.exited;
  clearTimeout(timer);
  // Whatever the block left running in the background goes with it.
  signalGroup(proc.child, 'SIGKILL');
  return { ...finished, timedOut };
}

/** Stops a server as a supervisor does: SIGTERM to its group, SIGKILL after `graceMs`. */
export async function stop(
  proc: Started,
  graceMs = 10_000,
): Promise<{ stopped: boolean; finished: Finished }> {
  signalGroup(proc.child, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), graceMs);
  });
  const finished = await Promise.race([proc.exited, late]);
  clearTimeout(timer);
  if (finished) {
    signalGroup(proc.child, 'SIGKILL'); // a grandchild that outlived its parent
    return { stopped: true, finished };
  }
  signalGroup(proc.child, 'SIGKILL');
  return { stopped: false, finished: await proc.exited };
}

/** For afterAll: every group still running gets SIGKILL. */
export function killAll(): void {
  for (const child of started) signalGroup(child, 'SIGKILL');
}

/**
 * A `curl` ahead of the real one on the blocks' PATH: it refuses any URL whose host is not loopback
 * (so a README example can never send traffic off the machine, not even one attempt) and adds
 * `--fail-with-body`, so an example whose request the server refuses fails its block.
 */
export function writeCurlShim(dir: string, realCurl: string): void {
  mkdirSync(dir, { recursive: true });
  const shim = join(dir, 'curl');
  writeFileSync(
    shim,
    `#!/usr/bin/env bash
for arg in "$@"; do
  if [[ "$arg" =~ ^[a-zA-Z][a-zA-Z0-9+.-]*:// ]] && ! [[ "$arg" =~ ^https?://(127\\.[0-9.]+|localhost|\\[::1\\])(:[0-9]+)?(/|$) ]]; then
    echo "docs-check: curl refused a URL that is not loopback: $arg" >&2
    exit 97
  fi
done
exec ${JSON.stringify(realCurl)} --fail-with-body --silent --show-error --max-time 20 "$@"
`,
  );
  chmodSync(shim, 0o755);
}
