// node:sqlite prints "ExperimentalWarning: SQLite is an experimental feature" on Node 22.13 to
// 24.x when it loads; the receiver and the emulator use it as a stable dependency, so their
// commands and imports should not print it. This filters exactly that warning and passes every
// other one to the listeners that were there (Node's own printer among them).

interface WarningEmitter {
  listeners(event: 'warning'): ((warning: Error) => void)[];
  removeAllListeners(event: 'warning'): unknown;
  on(event: 'warning', listener: (warning: Error) => void): unknown;
}

const INSTALLED = Symbol.for('trackerkit.quietSqliteWarning');

/** True for node:sqlite's experimental-feature warning and nothing else. */
export function isSqliteExperimentalWarning(warning: { name?: unknown; message?: unknown }): boolean {
  return (
    warning.name === 'ExperimentalWarning' &&
    typeof warning.message === 'string' &&
    warning.message.startsWith('SQLite is an experimental feature')
  );
}

/**
 * Installs the filter on `emitter` (the process). Warnings are delivered on the next tick, so
 * calling this before the module graph that loads node:sqlite finishes evaluating is in time.
 * Installing it twice is harmless.
 */
export function quietSqliteWarning(emitter: WarningEmitter): void {
  const marked = emitter as WarningEmitter & { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  const previous = emitter.listeners('warning');
  emitter.removeAllListeners('warning');
  emitter.on('warning', (warning) => {
    if (isSqliteExperimentalWarning(warning)) return;
    for (const listener of previous) listener.call(emitter, warning);
  });
}
