// Each server under fuzz runs as its own process, started from its bin as a user starts it, and is
// read by its one JSON ready line.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Running {
  child: ChildProcess;
  ready: Record<string, unknown>;
  stderr: () => string;
  /** The exit code or signal if the process has ended (a crash under fuzz), else null. */
  ended: () => string | null;
  stop: () => Promise<void>;
}

/** Starts `packages/<bin>` with node and the source conditions; resolves on its ready line. */
export async function startBin(bin: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Running> {
  const child = spawn(process.execPath, ['--conditions=trackerkit-source', `packages/${bin}`, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  let ended: string | null = null;
  child.once('exit', (code, signal) => {
    ended = signal ?? String(code);
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith('{"event":"ready"')) resolve(JSON.parse(line) as Record<string, unknown>);
    });
    child.once('exit', () => reject(new Error(`${bin} ended before it was ready:\n${stderr}`)));
  });
  return {
    child,
    ready,
    stderr: () => stderr,
    ended: () => ended,
    stop: async () => {
      if (ended !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
