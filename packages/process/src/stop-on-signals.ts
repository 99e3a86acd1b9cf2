// SIGINT and SIGTERM, handled alike by every command: the first one drains (the caller's `stop`
// answers what is in flight and closes what it opened), then the process exits 0; a second one
// exits at once (130 or 143), for when a drain hangs. The process is handed in, not reached for.

export type StopSignal = 'SIGINT' | 'SIGTERM';

export interface SignalIo {
  on(signal: StopSignal, listener: () => void): unknown;
  exit(code: number): void;
}

const CODES: Record<StopSignal, number> = { SIGINT: 130, SIGTERM: 143 };

/**
 * Installs the handlers. `stop` receives the signal's name; `onError` hears a failed drain (the
 * exit code is then 1). Returns `trigger`, to start the same drain for another reason (stdin
 * closed, a parent gone).
 */
export function stopOnSignals(
  io: SignalIo,
  stop: (reason: string) => Promise<void>,
  onError: (error: unknown) => void = () => {},
): { trigger: (reason: string) => void } {
  let stopping = false;
  const trigger = (reason: string) => {
    if (stopping) {
      if (reason in CODES) io.exit(CODES[reason as StopSignal]);
      return;
    }
    stopping = true;
    stop(reason).then(
      () => io.exit(0),
      (error: unknown) => {
        onError(error);
        io.exit(1);
      },
    );
  };
  for (const signal of Object.keys(CODES) as StopSignal[]) io.on(signal, () => trigger(signal));
  return { trigger };
}
