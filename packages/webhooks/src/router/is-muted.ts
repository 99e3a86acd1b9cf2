import type { MuteWindow } from './types.ts';

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function dayMatches(spec: string, day: number): boolean {
  const [from, to] = spec.toLowerCase().split(':');
  const a = DAYS.indexOf(from ?? '');
  const b = to === undefined ? a : DAYS.indexOf(to);
  return a <= b ? day >= a && day <= b : day >= a || day <= b;
}

function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

interface ZoneClock {
  format: Intl.DateTimeFormat;
  /** The UTC minute (ms / 60 000) `local` was computed for. */
  utcMinute: number;
  local: { day: number; minute: number };
}

// Building a DateTimeFormat costs far more than using one, and formatting costs more than the
// rest of routing: keep one per time zone with its last answer. Zone offsets are whole minutes,
// so the local day and minute are the same for every instant of one UTC minute.
const zones = new Map<string, ZoneClock>();

function localTime(nowMs: number, timezone: string): { day: number; minute: number } {
  const utcMinute = Math.floor(nowMs / 60_000);
  let zone = zones.get(timezone);
  if (zone?.utcMinute === utcMinute) return zone.local;
  if (!zone) {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zone = { format, utcMinute: Number.NaN, local: { day: 0, minute: 0 } };
    zones.set(timezone, zone);
  }
  const parts = zone.format.formatToParts(new Date(nowMs));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  zone.local = {
    day: DAYS.indexOf(get('weekday').toLowerCase()),
    minute: Number(get('hour')) * 60 + Number(get('minute')),
  };
  zone.utcMinute = utcMinute;
  return zone.local;
}

/** Whether `nowMs` falls inside any of the windows. */
export function isMuted(windows: readonly MuteWindow[] | undefined, nowMs: number): boolean {
  if (!windows) return false;
  return windows.some((window) => {
    const { day, minute } = localTime(nowMs, window.timezone ?? 'UTC');
    if (window.weekdays?.length && !window.weekdays.some((spec) => dayMatches(spec, day))) return false;
    if (!window.times?.length) return true;
    return window.times.some(({ start, end }) => {
      const s = minutes(start);
      const e = minutes(end);
      return s <= e ? minute >= s && minute < e : minute >= s || minute < e;
    });
  });
}
