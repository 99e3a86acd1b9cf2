// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
export { commandArgs } from './command-args';
export { failureLine } from './failure-line';
export { type LauncherProcess, launcherPids, type ProcessInfo, parseProcStat, underPackageManager, watchLauncher, } from './launcher-watch';
export { isSqliteExperimentalWarning, quietSqliteWarning } from './quiet-sqlite-warning';
export { type ReadyFields, readyLine } from './ready-line';
export { type SignalIo, type StopSignal, stopOnSignals } from './stop-on-signals';
export { portFromFlag, UsageError } from './usage-error';
