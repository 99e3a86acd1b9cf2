// A command started by a package manager (`pnpm start`, `pnpm emulator`, `npx ...`) runs as
// pnpm → `sh -c` → node. SIGTERM or SIGKILL to pnpm does not reach node: with SIGTERM the shell
// dies and node is re-parented; with SIGKILL even the shell survives, so watching only the parent
// misses it. The launcher is the parent, plus the parent's parent when the parent is the shell a
// package manager runs scripts in. When any of them is gone, the command stops as on SIGTERM.
// Only under a package manager (npm and pnpm set npm_lifecycle_event or npm_execpath): started from
// an interactive shell with `nohup ... &`, a server must outlive that shell, as it always has.

/** What /proc says of one process: its command name and its parent (undefined: not readable). */
export interface ProcessInfo {
  comm: string;
  ppid: number;
}

/** Parses the first fields of `/proc/PID/stat`: `pid (comm) state ppid ...`. */
export function parseProcStat(stat: string): ProcessInfo | undefined {
  // comm may itself contain spaces and parentheses: it ends at the last ")".
  const open = stat.indexOf('(');
  const close = stat.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const ppid = Number(stat.slice(close + 2).split(' ')[1]);
  return Number.isInteger(ppid) ? { comm: stat.slice(open + 1, close), ppid } : undefined;
}

const SCRIPT_SHELLS = new Set(['sh', 'dash', 'bash', 'ash', 'zsh']);

/** Whether a package manager started this process (or an ancestor of it). */
export function underPackageManager(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.npm_lifecycle_event !== undefined || env.npm_execpath !== undefined;
}

/**
 * The processes whose exit should stop a command whose parent is `ppid`: the parent, and when the
 * parent is a script shell, its own parent too (never init, pid 1). None outside a package manager.
 */
export function launcherPids(
  ppid: number,
  info: (pid: number) => ProcessInfo | undefined,
  env: Readonly<Record<string, string | undefined>>,
): number[] {
  if (ppid <= 1 || !underPackageManager(env)) return [];
  const parent = info(ppid);
  if (!parent || !SCRIPT_SHELLS.has(parent.comm) || parent.ppid <= 1) return [ppid];
  return [ppid, parent.ppid];
}

/** The running process as far as the watch needs it (`process` itself). `ppid` is read live. */
export interface LauncherProcess {
  readonly ppid: number;
  readonly env: Readonly<Record<string, string | undefined>>;
  kill(pid: number, signal: 0): unknown;
}

function alive(proc: LauncherProcess, pid: number): boolean {
  try {
    proc.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/**
 * Checks every `intervalMs` whether a launcher has gone and then calls `gone` once. `readText`
 * reads a file (`/proc/PID/stat`); where it throws (no /proc) only the parent is watched. The timer
 * never keeps the process alive. Returns a function that stops the watch.
 */
export function watchLauncher(
  proc: LauncherProcess,
  readText: (path: string) => string,
  gone: (reason: string) => void,
  intervalMs = 500,
): () => void {
  const ppid = proc.ppid;
  const watched = launcherPids(
    ppid,
    (pid) => {
      try {
        return parseProcStat(readText(`/proc/${pid}/stat`));
      } catch {
        return undefined;
      }
    },
    proc.env,
  );
  if (watched.length === 0) return () => {};
  const timer = setInterval(() => {
    if (proc.ppid === ppid && watched.every((pid) => alive(proc, pid))) return;
    clearInterval(timer);
    gone('launcher exited');
  }, intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
