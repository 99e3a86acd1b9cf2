// Public API of @trackerkit/process: how a trackerkit command lives as a process (its signal drain,
// the watch on the package manager that launched it, the SQLite warning filter). The I/O half of the
// commands' convention; the pure half (flags, their values, bad usage, the ready and failure lines)
// is the rulebook's `@trackerkit/core/cli`. Each takes the process as an argument, for tests.
export {
  type LauncherProcess,
  launcherPids,
  type ProcessInfo,
  parseProcStat,
  underPackageManager,
  watchLauncher,
} from './launcher-watch.ts';
export { isSqliteExperimentalWarning, quietSqliteWarning } from './quiet-sqlite-warning.ts';
export { type SignalIo, type StopSignal, stopOnSignals } from './stop-on-signals.ts';
