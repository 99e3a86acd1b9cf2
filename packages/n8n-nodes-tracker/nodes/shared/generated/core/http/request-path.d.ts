// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Problem } from '../problem';
/** Problems of the ids a path template needs, in the template's order; none when it can be sent. */
export declare function requestPathProblems(template: string, params?: unknown): Problem[];
/** The template with its ids URL-encoded. Check requestPathProblems first: this does not refuse. */
export declare function expandPath(template: string, params?: unknown): string;
