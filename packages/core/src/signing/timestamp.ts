import { type Rejected, reject } from './verify-types.ts';

/** A Unix-seconds timestamp checked against now in both directions (distinct errors). */
export function checkTimestamp(
  raw: string | undefined,
  toleranceSeconds: number,
  nowMs: number,
): number | Rejected {
  if (raw === undefined || raw === '') return reject('missing_timestamp', 'missing timestamp');
  if (!/^[0-9]{1,15}$/.test(raw))
    return reject('invalid_timestamp', 'timestamp must be Unix seconds (digits only)');
  const timestamp = Number(raw);
  const now = Math.floor(nowMs / 1000);
  if (now - timestamp > toleranceSeconds) {
    return reject(
      'timestamp_too_old',
      `timestamp too old: ${now - timestamp} s in the past, tolerance ${toleranceSeconds} s`,
    );
  }
  if (timestamp - now > toleranceSeconds) {
    return reject(
      'timestamp_too_new',
      `timestamp too new: ${timestamp - now} s in the future, tolerance ${toleranceSeconds} s`,
    );
  }
  return timestamp;
}
