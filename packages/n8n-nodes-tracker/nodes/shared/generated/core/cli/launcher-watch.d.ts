// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
/** What /proc says of one process: its command name and its parent (undefined: not readable). */
export interface ProcessInfo {
    comm: string;
    ppid: number;
}
/** Parses the first fields of `/proc/PID/stat`: `pid (comm) state ppid ...`. */
export declare function parseProcStat(stat: string): ProcessInfo | undefined;
/** Whether a package manager started this process (or an ancestor of it). */
export declare function underPackageManager(env: Readonly<Record<string, string | undefined>>): boolean;
/**
 * The processes whose exit should stop a command whose parent is `ppid`: the parent, and when the
 * parent is a script shell, its own parent too (never init, pid 1). None outside a package manager.
 */
export declare function launcherPids(ppid: number, info: (pid: number) => ProcessInfo | undefined, env: Readonly<Record<string, string | undefined>>): number[];
/** The running process as far as the watch needs it (`process` itself). `ppid` is read live. */
export interface LauncherProcess {
    readonly ppid: number;
    readonly env: Readonly<Record<string, string | undefined>>;
    kill(pid: number, signal: 0): unknown;
}
/**
 * Checks every `intervalMs` whether a launcher has gone and then calls `gone` once. `readText`
 * reads a file (`/proc/PID/stat`); where it throws (no /proc) only the parent is watched. The timer
 * never keeps the process alive. Returns a function that stops the watch.
 */
export declare function watchLauncher(proc: LauncherProcess, readText: (path: string) => string, gone: (reason: string) => void, intervalMs?: number): () => void;
