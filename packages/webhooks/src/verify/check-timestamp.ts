import { verificationError } from '../errors.ts';

/** Parses a Unix-seconds timestamp and checks it against now in both directions. */
export function checkTimestamp(raw: string | undefined, toleranceSeconds: number, nowMs: number): number {
  if (raw === undefined || raw === '') throw verificationError('missing_timestamp', 'missing timestamp');
  if (!/^[0-9]{1,15}$/.test(raw)) {
    throw verificationError('invalid_timestamp', 'timestamp must be Unix seconds (digits only)');
  }
  const timestamp = Number(raw);
  const now = Math.floor(nowMs / 1000);
  if (now - timestamp > toleranceSeconds) {
    throw verificationError(
      'timestamp_too_old',
      `timestamp too old: ${now - timestamp} s in the past, tolerance ${toleranceSeconds} s`,
    );
  }
  if (timestamp - now > toleranceSeconds) {
    throw verificationError(
      'timestamp_too_new',
      `timestamp too new: ${timestamp - now} s in the future, tolerance ${toleranceSeconds} s`,
    );
  }
  return timestamp;
}
