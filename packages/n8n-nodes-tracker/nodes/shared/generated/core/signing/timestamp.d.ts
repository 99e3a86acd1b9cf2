// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Rejected } from './verify-types';
/** A Unix-seconds timestamp checked against now in both directions (distinct errors). */
export declare function checkTimestamp(raw: string | undefined, toleranceSeconds: number, nowMs: number): number | Rejected;
