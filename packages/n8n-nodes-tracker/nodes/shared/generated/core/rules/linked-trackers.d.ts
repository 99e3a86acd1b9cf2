// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Problem } from '../problem';
export interface LinkTarget {
    /** The tracker being created (null) or updated. */
    trackerId: string | null;
    spaceId: string;
    /** The space of one of the caller's own trackers; undefined when the id is unknown or not theirs. */
    spaceOfOwnTracker: (id: string) => string | undefined;
}
export declare function linkedTrackerProblems(ids: readonly string[], target: LinkTarget): Problem[];
