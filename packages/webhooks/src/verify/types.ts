export type Scheme = 'standard-webhooks' | 'stripe' | 'github' | 'token' | 'none';

/** Headers as node gives them (lower-case names) or a Fetch `Headers`. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  scheme: Scheme;
  /** Seconds a timestamp may differ from now, in either direction. Default 300. */
  toleranceSeconds?: number;
  /** Signature or token header for `github` (default `x-hub-signature-256`) and `token` (default `x-webhook-token`). */
  header?: string;
  /** Header carrying the delivery id for schemes without `webhook-id` (GitHub: `x-github-delivery`). */
  idHeader?: string;
  /** Clock, for tests. Unix milliseconds. */
  now?: () => number;
}

export interface WebhookRequest {
  /** The raw body bytes exactly as received. A string is taken as UTF-8. */
  body: Uint8Array | string;
  headers: HeaderSource;
}

export interface Verified {
  scheme: Scheme;
  /** The sender's delivery id: the idempotency key of this message. */
  id: string;
  /** Unix seconds the sender signed at, where the scheme has one. */
  timestamp: number | null;
}
