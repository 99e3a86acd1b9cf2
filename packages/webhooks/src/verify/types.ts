import type { Verified as CoreVerified, VerifyOptions as CoreVerifyOptions } from '@trackerkit/core/signing';

export type { HeaderSource } from '@trackerkit/core';
export type { Scheme, WebhookRequest } from '@trackerkit/core/signing';

/** The receiver's options: core's, with a clock to call instead of a number (core is sans I/O). */
export interface VerifyOptions extends Omit<CoreVerifyOptions, 'nowMs'> {
  /** Clock, for tests. Unix milliseconds. Default `Date.now`. */
  now?: () => number;
}

/** An accepted message: the scheme, the delivery id (the idempotency key) and the signing time. */
export type Verified = Omit<CoreVerified, 'ok'>;
