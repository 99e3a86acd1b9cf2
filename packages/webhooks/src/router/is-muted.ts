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

// Building a DateTimeFormat costs far more than using one: keep one per time zone.
const formats = new Map<string, Intl.DateTimeFormat>();

function localTime(nowMs: number, timezone: string): { day: number; minute: number } {
  let format = formats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timezone, format);
  }
  const parts = format.formatToParts(new Date(nowMs));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: DAYS.indexOf(get('weekday').toLowerCase()),
    minute: Number(get('hour')) * 60 + Number(get('minute')),
  };
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
