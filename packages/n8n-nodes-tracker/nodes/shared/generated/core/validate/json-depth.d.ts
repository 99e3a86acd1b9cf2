// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
/**
 * Deepest nesting of objects and arrays a request body of the service's API may have (the
 * emulator's limit; parsers of Python services also stop near a thousand levels).
 */
export declare const MAX_JSON_DEPTH = 512;
/**
 * Deepest nesting an alert webhook body may have (the receiver refuses deeper ones at ingest).
 * The document's alert events nest four levels; 64 leaves room for any sender's extra fields and
 * stays far from any stack limit in the renderers of every destination.
 */
export declare const MAX_ALERT_JSON_DEPTH = 64;
/** Whether `text` nests objects and arrays deeper than `max` (brackets inside strings do not count). */
export declare function jsonNestsDeeper(text: string, max: number): boolean;
/** The rule's text for an error, naming the limit (each layer adds its package prefix and field). */
export declare const jsonDepthRule: (max: number) => string;
/**
 * A copy of a parsed JSON value in which every object or array nested deeper than `max` is
 * replaced by a short note: for a value stored before its depth was checked, so that whatever
 * serializes or walks it (a renderer, a handler) cannot overflow the stack. The walk itself goes
 * `max` levels deep at most.
 */
export declare function clampJsonDepth(value: unknown, max: number): unknown;
