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
