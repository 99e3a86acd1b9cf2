import { createHash } from 'node:crypto';
import { getHeader } from './get-header.ts';
import { toBytes } from './to-bytes.ts';
import type { VerifyOptions, WebhookRequest } from './types.ts';

/** The delivery id of a message whose sender gave none: a digest of its exact bytes. */
export function contentId(body: Uint8Array): string {
  return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}

/** The id header (default `webhook-id`) if present and non-empty, else the content id. */
export function deliveryId(request: WebhookRequest, options: VerifyOptions): string {
  const fromHeader = getHeader(request.headers, options.idHeader ?? 'webhook-id');
  return fromHeader || contentId(toBytes(request.body));
}
