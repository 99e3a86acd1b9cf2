import { type Problem, problem } from '../problem.ts';
import type { ReasoningMode } from '../types.ts';
import { VALIDATION_RULES } from './rule-texts.ts';

/** v0.3: zen runs are asynchronous only (400 from the service for sync true). */
export function zenSyncProblems(sync: boolean | undefined, mode: ReasoningMode | undefined): Problem[] {
  if (sync === true && mode === 'zen') {
    return [
      problem(
        ['sync'],
        VALIDATION_RULES.zenSync,
        'this tracker uses zen reasoning; trigger it with sync false',
      ),
    ];
  }
  return [];
}
