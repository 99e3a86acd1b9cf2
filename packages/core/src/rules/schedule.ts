// Schedule rules beyond the schema: a scheduled tracker has a schedule; end_time is not before
// start_time (equal is one run at start_time).

import { type Problem, problem } from '../problem.ts';
import type { Schedule } from '../types.ts';
import { VALIDATION_RULES } from './rule-texts.ts';

export interface ScheduleTarget {
  run_mode?: string | undefined;
  schedule?: Schedule | null | undefined;
}

/**
 * `partial` (a PATCH checked without the stored tracker): a schedule left out may already be
 * stored, so only an explicit null is known to be missing.
 */
export function scheduleProblems(body: ScheduleTarget, { partial }: { partial: boolean }): Problem[] {
  const problems: Problem[] = [];
  if (body.run_mode === 'scheduled') {
    const missing = partial ? body.schedule === null : body.schedule == null;
    if (missing) {
      const rule = partial ? VALIDATION_RULES.scheduleNotNull : VALIDATION_RULES.scheduleRequired;
      problems.push(problem(['schedule'], rule, 'a scheduled tracker needs a schedule', 'missing'));
    }
  }
  const schedule = body.schedule;
  if (schedule?.end_time && Date.parse(schedule.end_time) < Date.parse(schedule.start_time)) {
    problems.push(
      problem(
        ['schedule', 'end_time'],
        VALIDATION_RULES.scheduleOrder,
        `end_time ${schedule.end_time} is before start_time ${schedule.start_time}`,
      ),
    );
  }
  return problems;
}

/** An ISO 8601 instant in UTC (`Z`), as the service stores start_time and end_time. */
export function toUtc(instant: string): string {
  return new Date(Date.parse(instant)).toISOString().replace('.000Z', 'Z');
}
