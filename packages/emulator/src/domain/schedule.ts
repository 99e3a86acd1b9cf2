import type { Schedule } from '@trackerkit/core';

const MINUTE = 60_000;

/**
 * The first occurrence at or after `from` on the grid start_time + k × interval, or null when it
 * would fall after end_time. Occurrences before the tracker was (re)scheduled are not back-filled.
 */
export function nextOccurrence(schedule: Schedule, from: number): number | null {
  const start = Date.parse(schedule.start_time);
  const step = schedule.interval_minutes * MINUTE;
  const k = from <= start ? 0 : Math.ceil((from - start) / step);
  const at = start + k * step;
  if (schedule.end_time && at > Date.parse(schedule.end_time)) return null;
  return at;
}

/** The occurrence after `at`, or null past end_time. */
export function followingOccurrence(schedule: Schedule, at: number): number | null {
  return nextOccurrence(schedule, at + 1);
}

/**
 * Where a schedule's catch-up starts when the clock moves from `due` (its next occurrence) to
 * `until` in one go: at most `max` occurrences run, the latest ones; `skipped` earlier ones do not
 * (a scheduler that was away runs what is recent, not every slot it missed). Arithmetic only, so a
 * jump of years over a one-minute schedule costs nothing.
 */
export function catchUp(
  schedule: Schedule,
  due: number,
  until: number,
  max: number,
): { from: number; skipped: number } {
  const step = schedule.interval_minutes * MINUTE;
  const end = schedule.end_time ? Math.min(until, Date.parse(schedule.end_time)) : until;
  const count = end < due ? 0 : Math.floor((end - due) / step) + 1;
  if (count <= max) return { from: due, skipped: 0 };
  const skipped = count - max;
  return { from: due + skipped * step, skipped };
}

/** An instant as UTC ISO 8601, without `.000` when it has no milliseconds ('…+02:00' → '…Z'). */
function utcInstant(value: string): string {
  return new Date(value).toISOString().replace('.000Z', 'Z');
}

/**
 * The schedule as the tracker stores and returns it: null for a manual tracker (the spec's "null for
 * manual trackers"; a schedule sent with run_mode manual is dropped), times normalised to UTC (the
 * spec types them "ISO 8601 datetime, UTC") and `end_time` present, null meaning forever.
 */
export function storedSchedule(runMode: string, schedule: Schedule | null | undefined): Schedule | null {
  if (runMode !== 'scheduled' || !schedule) return null;
  return {
    start_time: utcInstant(schedule.start_time),
    interval_minutes: schedule.interval_minutes,
    end_time: schedule.end_time ? utcInstant(schedule.end_time) : null,
  };
}
