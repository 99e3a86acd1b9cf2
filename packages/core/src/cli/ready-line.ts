// How every trackerkit command says it is ready: ONE JSON line, `"event":"ready"`, the command's
// name and its main address as `url`, then what else a caller needs (tokens, other addresses).
// Scripts wait for this line instead of guessing from logs or sleeping.

export interface ReadyFields {
  /** The command: `trackerkit-emulator`, `trackerkit-mcp`, `trackerkit-webhooks`, `trackerkit`. */
  name: string;
  /** The main address (absent only where there is none, e.g. MCP over stdio). */
  url?: string;
  [field: string]: unknown;
}

/** The ready announcement, newline included. */
export function readyLine(fields: ReadyFields): string {
  const { name, url, ...rest } = fields;
  return `${JSON.stringify({ event: 'ready', name, ...(url === undefined ? {} : { url }), ...rest })}\n`;
}
