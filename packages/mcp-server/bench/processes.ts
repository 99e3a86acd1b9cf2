// The bench's servers, each in a process of its own, so each one's CPU is read from its own
// /proc/PID/stat (utime + stime, every thread included) and the bench's clients count for neither.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const TICK_US = 1_000_000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);

/** CPU-µs `pid` has used so far: in total, and of that in the kernel (system calls, the loopback's TCP). */
export function cpuMicros(pid: number): { total: number; system: number } {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command name, which may hold spaces: rest[0] is field 3; utime is field 14, stime 15.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const system = Number(rest[12]) * TICK_US;
  return { total: Number(rest[11]) * TICK_US + system, system };
}

export const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export interface Child {
  pid: number;
  ready: Record<string, string>;
  /** SIGTERM, then resolves when it has exited (a --cpu-prof profile is written by then). */
  stop(): Promise<void>;
}

/** Starts `node args` and resolves once its ready line (first JSON line on stdout) arrives. */
export async function startChild(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Child> {
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid as number,
    ready: JSON.parse(first),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Node flags that write a CPU profile of a server into BENCH_CPU_PROF (a directory), if set. */
export const profileFlags = (name: string): string[] =>
  process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, `--cpu-prof-name=${name}.cpuprofile`]
    : [];

export const loadAverage = (): string =>
  readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
