// The emulator clock: schedules, TTL expiry, timestamps and rate-limit windows read it; run execution
// never waits on it. `manual` only moves when told to, so tests can jump hours in a request.
export type ClockMode = 'real' | 'manual';

export interface Clock {
  readonly mode: ClockMode;
  now(): number;
  /** Moves a manual clock to `ms` (never backwards); a real clock ignores it. */
  set(ms: number): void;
}

export function createClock(mode: ClockMode, start: number = Date.now()): Clock {
  if (mode === 'real') {
    return { mode, now: () => Date.now(), set: () => {} };
  }
  let current = start;
  return {
    mode,
    now: () => current,
    set: (ms: number) => {
      if (ms > current) current = ms;
    },
  };
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : iso(ms);
}
