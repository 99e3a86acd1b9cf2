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
