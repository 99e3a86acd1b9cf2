// @trackerkit/core/cli: the commands' one convention (flags and the checks of their values, bad
// usage, ready line, signal drain, a package manager's `--` and its exit, the SQLite warning filter).
// A subpath of its own: some of these take the process as an argument and use its timers, which the
// rulebook (the default entry, and the n8n node's bundle of it) never does.
export { commandArgs } from './command-args.ts';
export { failureLine } from './failure-line.ts';
export { hostFromOption, portFromFlag, portFromOption, urlFromOption } from './flag-values.ts';
export { parseFlags } from './flags.ts';
export {
  type LauncherProcess,
  launcherPids,
  type ProcessInfo,
  parseProcStat,
  underPackageManager,
  watchLauncher,
} from './launcher-watch.ts';
export { isSqliteExperimentalWarning, quietSqliteWarning } from './quiet-sqlite-warning.ts';
export { type ReadyFields, readyLine } from './ready-line.ts';
export { type SignalIo, type StopSignal, stopOnSignals } from './stop-on-signals.ts';
export { UsageError } from './usage-error.ts';
