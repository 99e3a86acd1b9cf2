import type { Store } from './store/store.ts';

// The emulator clock: schedules, TTL expiry, timestamps and rate-limit windows read it; run execution
// never waits on it. `manual` only moves when told to, so tests can jump hours in a request.
export type ClockMode = 'real' | 'manual';

export interface Clock {
  readonly mode: ClockMode;
  now(): number;
  /** Moves a manual clock to `ms` (never backwards); a real clock ignores it. */
  set(ms: number): void;
  /** Puts a manual clock back on the instant it started at (a reset); a real clock ignores it. */
  rewind(): void;
}

const MINUTE = 60_000;
/**
 * The instants the clock may show: every timestamp is rendered as RFC 3339 with a four-digit
 * year, so nothing before the epoch or after year 9999 (JavaScript dates go on to +275760, which
 * no client parses as date-time).
 */
const CLOCK_MIN = Date.UTC(1970, 0, 1);
export const CLOCK_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** One move of the manual clock covers at most 10 years (of 365 days); longer jumps go in steps. */
export const MAX_ADVANCE_MINUTES = 10 * 365 * 24 * 60;

export function createClock(mode: ClockMode, start: number = Date.now()): Clock {
  if (mode === 'real') {
    return { mode, now: () => Date.now(), set: () => {}, rewind: () => {} };
  }
  let current = start;
  return {
    mode,
    now: () => current,
    set: (ms: number) => {
      if (ms > current) current = ms;
    },
    rewind: () => {
      current = start;
    },
  };
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : iso(ms);
}

/** True for epoch milliseconds the clock may show (see CLOCK_MIN and CLOCK_MAX). */
export function isClockInstant(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= CLOCK_MIN && value <= CLOCK_MAX;
}

export const CLOCK_RANGE = `an instant from ${iso(CLOCK_MIN)} to ${iso(CLOCK_MAX)}`;

/** An ISO string or epoch milliseconds as a clock instant, or null when it is not one in range. */
export function clockInstantOf(value: string | number): number | null {
  const ms = new Date(value).getTime();
  return isClockInstant(ms) ? ms : null;
}

/**
 * Why moving the clock from `now` by `minutes` is refused (a FastAPI-style message and type), or
 * null when it is allowed: a finite number, not negative, at most MAX_ADVANCE_MINUTES, and leaving
 * the clock a valid instant.
 */
export function advanceProblem(now: number, minutes: unknown): { msg: string; type: string } | null {
  if (typeof minutes !== 'number') return { msg: 'Input should be a valid number', type: 'number_type' };
  if (!Number.isFinite(minutes)) return { msg: 'Input should be a finite number', type: 'finite_number' };
  if (minutes < 0) return { msg: 'Input should be greater than or equal to 0', type: 'greater_than_equal' };
  if (minutes > MAX_ADVANCE_MINUTES)
    return {
      msg: `Input should be less than or equal to ${MAX_ADVANCE_MINUTES} (10 years of minutes; move further in steps)`,
      type: 'less_than_equal',
    };
  if (now + minutes * MINUTE > CLOCK_MAX) {
    const left = Math.floor((CLOCK_MAX - now) / MINUTE);
    return {
      msg: `Input should be less than or equal to ${left}: the clock (${iso(now)}) may not pass ${iso(CLOCK_MAX)}`,
      type: 'less_than_equal',
    };
  }
  return null;
}

/** Saves the clock in the store (a `--data` file keeps a manual clock across restarts). */
export function saveClock(store: Store, clock: Clock): void {
  store.meta.put({ id: 'clock', value: clock.now(), seq: store.meta.get('clock')?.seq ?? store.nextSeq() });
}
