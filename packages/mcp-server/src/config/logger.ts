// Logs go to stderr only: on stdio, stdout carries nothing but protocol messages.

/** Where the server reports what went wrong: the tools, the transports, the subscriptions. */
export interface Logger {
  error(message: string, error?: unknown): void;
}

export interface StderrLogger extends Logger {
  info(message: string): void;
}

export function createStderrLogger(options: { quiet?: boolean } = {}): StderrLogger {
  const write = (line: string) => process.stderr.write(`[trackerkit-mcp] ${line}\n`);
  return {
    info(message) {
      if (!options.quiet) write(message);
    },
    error(message, error) {
      const cause =
        error instanceof Error ? (error.stack ?? error.message) : error === undefined ? '' : String(error);
      write(cause ? `${message}: ${cause}` : message);
    },
  };
}
