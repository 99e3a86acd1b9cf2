// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Problem } from '../problem';
export interface PlannedBatch {
    /** The request body: `{"source_name":...,"description":...,"data":[...]}`. */
    body: string;
    rows: number;
    bytes: number;
    /** Index of the batch's first row among all rows given; its rows follow in order. */
    firstRow: number;
}
export interface UploadPlanner {
    /** Takes the next rows; returns the batches they completed, or the first problem. */
    add(rows: readonly unknown[]): {
        batches: PlannedBatch[];
        problem?: Problem;
    };
    /** The last, partly filled batch (undefined when every row was already planned). */
    finish(): PlannedBatch | undefined;
}
export interface UploadHead {
    source_name: string;
    description?: string | undefined;
}
/** Problems of the upload's own fields (source_name, description), before any row. */
export declare const uploadHeadProblems: (head: UploadHead) => Problem[];
export declare function createUploadPlanner(head: UploadHead, limits?: {
    rows: number;
    bytes: number;
}): UploadPlanner;
