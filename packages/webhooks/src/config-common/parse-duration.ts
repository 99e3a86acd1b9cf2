const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration as configuration and the CLI write it: `500ms`, `30s`, `5m`, `4h`, `1d`. */
export const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/;
/**
 * Alertmanager's duration (Prometheus' model.Duration): units from years to milliseconds in that
 * order, each at most once, `1h30m`, `1w`, `2d12h`; `0` alone needs no unit.
 */
export const AM_DURATION =
  /^(?:0|(?=\d)(?:(\d+)y)?(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?)$/;
/** Either form: what a duration in the configuration may be written as. */
export const ANY_DURATION = new RegExp(`${DURATION.source}|${AM_DURATION.source}`);
/** A size: `256kb`, `1mb`, `512b` (any case). */
export const SIZE = /^(\d+)(b|kb|mb)$/i;

// y, w, d, h, m, s, ms in milliseconds, as Prometheus' ParseDuration counts them.
const AM_UNITS = [31_536_000_000, 604_800_000, 86_400_000, 3_600_000, 60_000, 1000, 1];

/** `500ms`, `30s`, `5m`, `4h`, `1d`, Alertmanager's `1h30m`, or a number of seconds → milliseconds. */
export function parseDuration(value: number | string): number {
  if (typeof value === 'number') return value * 1000;
  const match = DURATION.exec(value);
  if (match) return Number(match[1]) * UNITS[match[2]!]!;
  const am = AM_DURATION.exec(value);
  if (!am) throw new Error(`invalid duration ${value}`);
  return AM_UNITS.reduce((ms, unit, i) => ms + Number(am[i + 1] ?? 0) * unit, 0);
}

/** `256kb`, `1mb`, or a number of bytes → bytes. */
export function parseSize(value: number | string): number {
  if (typeof value === 'number') return value;
  const match = SIZE.exec(value);
  if (!match) throw new Error(`invalid size ${value}`);
  const unit = match[2]!.toLowerCase();
  return Number(match[1]) * (unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1);
}
