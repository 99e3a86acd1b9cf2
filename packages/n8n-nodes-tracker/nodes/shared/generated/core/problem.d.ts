// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
export type Path = (string | number)[];
export interface Problem {
    /** Where, as a path from the value's root: `['notification_config', 'lower_threshold']`. */
    path: Path;
    /** The same path as text: `notification_config.lower_threshold`, `rows[3]`. */
    field: string;
    /** The document's keyword or rule text: `maxLength: 50`, `notify_below requires lower_threshold`. */
    rule: string;
    /** A sentence for people. */
    message: string;
    /** A FastAPI-style error type (`string_too_long`, `missing`, `value_error`). */
    type: string;
}
export declare function fieldOf(path: readonly PropertyKey[]): string;
export declare function problem(path: Path, rule: string, message?: string, type?: string): Problem;
/** The same problems under a prefix path (a body nested in a request, a config in a tracker). */
export declare const under: (prefix: Path, problems: Problem[]) => Problem[];
