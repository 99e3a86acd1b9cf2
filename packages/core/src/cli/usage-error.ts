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
