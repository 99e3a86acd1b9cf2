import type { Verified, VerifyOptions, WebhookRequest } from './types.ts';
import { verifyWithFallback } from './verify-with-fallback.ts';

/** Verifies one request with one secret. Throws a WebhooksError (status 401, a reason code) on failure. */
export function verify(secret: string, request: WebhookRequest, options: VerifyOptions): Verified {
  return verifyWithFallback([secret], request, options);
}
