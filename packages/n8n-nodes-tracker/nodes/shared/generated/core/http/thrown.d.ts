// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import type { Outcome } from '../retry/retry-decision';
/** The outcome of a thrown request error; undefined when nothing on its cause chain names the network's. */
export declare function outcomeOfThrown(error: unknown): Outcome | undefined;
