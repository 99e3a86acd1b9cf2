const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration as configuration and the CLI write it: `500ms`, `30s`, `5m`, `4h`, `1d`. */
export const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/;
/** A size: `256kb`, `1mb`, `512b` (any case). */
export const SIZE = /^(\d+)(b|kb|mb)$/i;

/** `500ms`, `30s`, `5m`, `4h`, `1d`, or a number of seconds → milliseconds. */
export function parseDuration(value: number | string): number {
  if (typeof value === 'number') return value * 1000;
  const match = DURATION.exec(value);
  if (!match) throw new Error(`invalid duration ${value}`);
  return Number(match[1]) * UNITS[match[2]!]!;
}

/** `256kb`, `1mb`, or a number of bytes → bytes. */
export function parseSize(value: number | string): number {
  if (typeof value === 'number') return value;
  const match = SIZE.exec(value);
  if (!match) throw new Error(`invalid size ${value}`);
  const unit = match[2]!.toLowerCase();
  return Number(match[1]) * (unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1);
}
