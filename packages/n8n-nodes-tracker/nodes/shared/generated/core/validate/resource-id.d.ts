// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import type { Problem } from '../problem';
/** The document's ResourceId pattern, anchored (its maxLength is checked by pathIdProblems). */
export declare const RESOURCE_ID_PATTERN: string;
/** Problems of one path parameter, named as the document names it (`run_id`). */
export declare const pathIdProblems: (name: string, value: unknown) => Problem[];
/** Problems of every path parameter of a request (`{ tracker_id, run_id }`), in order. */
export declare const pathParamsProblems: (params: Readonly<Record<string, unknown>>) => Problem[];
/** True for an id the service could have issued, one that is safe as a path segment. */
export declare const isResourceId: (value: unknown) => value is string;
