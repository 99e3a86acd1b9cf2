// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Problem } from '../problem';
import type { Schedule } from '../types';
export interface ScheduleTarget {
    run_mode?: string | undefined;
    schedule?: Schedule | null | undefined;
}
/**
 * `partial` (a PATCH checked without the stored tracker): a schedule left out may already be
 * stored, so only an explicit null is known to be missing.
 */
export declare function scheduleProblems(body: ScheduleTarget, { partial }: {
    partial: boolean;
}): Problem[];
/** An ISO 8601 instant in UTC (`Z`), as the service stores start_time and end_time. */
export declare function toUtc(instant: string): string;
