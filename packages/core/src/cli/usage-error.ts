// The commands' one convention for bad usage (an unknown flag, a bad value, a port that cannot be
// bound): one line on stderr naming the flag and the rule, exit code 2, never a stack trace.

/** Bad usage of a command: the caller prints `message` on one line and exits with 2. */
export class UsageError extends Error {
  readonly exitCode = 2;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A TCP port from a flag's text: an integer 0-65535 (0 picks a free one). */
export function portFromFlag(flag: string, raw: string): number {
  const port = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--${flag} must be a port number from 0 to 65535, got "${raw}"`);
  }
  return port;
}
