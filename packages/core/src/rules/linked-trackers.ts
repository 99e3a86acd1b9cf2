// v0.3: linked trackers are the caller's own trackers in the same space. Only the service (or the
// emulator) can answer who owns an id, so it hands in a lookup; the count rule is the schema's.
import { type Problem, problem } from '../problem.ts';
import { VALIDATION_RULES } from './rule-texts.ts';

export interface LinkTarget {
  /** The tracker being created (null) or updated. */
  trackerId: string | null;
  spaceId: string;
  /** The space of one of the caller's own trackers; undefined when the id is unknown or not theirs. */
  spaceOfOwnTracker: (id: string) => string | undefined;
}

export function linkedTrackerProblems(ids: readonly string[], target: LinkTarget): Problem[] {
  const problems: Problem[] = [];
  ids.forEach((id, i) => {
    const path = ['agent_config', 'linked_trackers', i];
    if (id === target.trackerId) {
      problems.push(problem(path, VALIDATION_RULES.linkedTrackersOwn, 'a tracker cannot link to itself'));
    } else if (target.spaceOfOwnTracker(id) !== target.spaceId) {
      problems.push(
        problem(
          path,
          VALIDATION_RULES.linkedTrackersOwn,
          `linked tracker ${id} must be one of your trackers in the same space`,
        ),
      );
    }
  });
  return problems;
}
