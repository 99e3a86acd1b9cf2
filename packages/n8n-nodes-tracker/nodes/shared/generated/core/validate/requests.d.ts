// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Path, type Problem } from '../problem';
import type { VaultJsonUpload } from '../types';
import { type OperationId, type SchemaName } from './schemas';
/** A value against a component schema of the document. */
export declare const schemaProblems: (name: SchemaName, value: unknown, prefix?: Path) => Problem[];
/** POST /api/spaces/{space_id}/trackers */
export declare function trackerCreateProblems(body: unknown): Problem[];
/**
 * PATCH /api/trackers/{tracker_id}, checked without the stored tracker (`partial`): what a client
 * can know. The service checks the merged tracker with trackerCreate-style full checks.
 */
export declare function trackerUpdateProblems(body: unknown): Problem[];
/** Query parameters of a list or read operation (unknown parameters are refused). */
export declare const queryProblems: (operation: OperationId, query: object | undefined) => Problem[];
/** A JSON upload's size once serialized: the document's `x-max-request-bytes`. */
export declare function uploadBytesProblem(bytes: number, path?: Path): Problem | undefined;
/** UTF-8 length without encoding the text (the planner measures every chunk of rows). */
export declare const byteLength: (text: string) => number;
/** One JSON upload: the schema, then the byte limit of its serialized body. */
export declare function jsonUploadProblems(body: VaultJsonUpload): {
    problems: Problem[];
    text?: string;
};
