// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import type { ZodType } from 'zod';
import { type Path, type Problem } from '../problem';
/** Checks a value against a schema; an empty list means it conforms. */
export declare function problemsOf(schema: ZodType, value: unknown, prefix?: Path): Problem[];
