// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
export interface ReadyFields {
    /** The command: `trackerkit-emulator`, `trackerkit-mcp`, `trackerkit-webhooks`, `trackerkit`. */
    name: string;
    /** The main address (absent only where there is none, e.g. MCP over stdio). */
    url?: string;
    [field: string]: unknown;
}
/** The ready announcement, newline included. */
export declare function readyLine(fields: ReadyFields): string;
