/** Every error this package throws: prefixed with the package name, carrying an HTTP status and a reason code. */
export class WebhooksError extends Error {
  readonly status: number;
  readonly reason: string;

  constructor(message: string, options: { status: number; reason: string; cause?: unknown }) {
    super(
      `@trackerkit/webhooks: ${message}`,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'WebhooksError';
    this.status = options.status;
    this.reason = options.reason;
  }
}

/** A configuration that cannot run: every problem on its own line, each naming its path and the rule. */
export function invalidConfig(problems: readonly string[]): WebhooksError {
  return new WebhooksError(`invalid configuration:\n  ${problems.join('\n  ')}`, {
    status: 500,
    reason: 'invalid_config',
  });
}

/**
 * The store could not do its part (a full disk, a database that cannot be reached, a closed
 * store): 503, so the sender retries. An error that already is one passes through unchanged.
 */
export function storageError(error: unknown): WebhooksError {
  if (error instanceof WebhooksError && error.reason === 'storage') return error;
  return new WebhooksError(`storage failed: ${(error as Error).message}`, {
    status: 503,
    reason: 'storage',
    cause: error,
  });
}
