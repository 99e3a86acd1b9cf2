// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import type { ValidationIssue } from '../types';
/** A response body: JSON parsed, other text as it is, nothing (an empty body) as undefined. */
export declare function parseBody(body: unknown): unknown;
/** The body's `detail` when it is one the document defines (a string, or a 422's issues). */
export declare function detailOf(body: unknown): string | ValidationIssue[] | undefined;
/** The answer's detail as one line: `body.name: Field required; ...`, a text body, or `no detail`. */
export declare function describeDetail(body: unknown): string;
