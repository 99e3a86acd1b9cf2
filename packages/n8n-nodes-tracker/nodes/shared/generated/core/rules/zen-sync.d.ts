// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Problem } from '../problem';
import type { ReasoningMode } from '../types';
/** v0.3: zen runs are asynchronous only (400 from the service for sync true). */
export declare function zenSyncProblems(sync: boolean | undefined, mode: ReasoningMode | undefined): Problem[];
