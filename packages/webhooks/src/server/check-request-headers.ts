import type { IncomingHttpHeaders } from 'node:http';
import { contentTypeRefusal, JSON_MEDIA_TYPE } from '@trackerkit/core';
import { WebhooksError } from '../errors.ts';

/** Rejects by headers alone, before reading a byte of body: 415 for type, charset or encoding, 413 for size. */
export function checkRequestHeaders(headers: IncomingHttpHeaders, limit: number): void {
  // The core's rule: a JSON media type, and UTF-8 (a charset parameter naming any other is refused:
  // the body would be read as UTF-8 all the same and stored as something the sender did not send).
  const refused = contentTypeRefusal(headers['content-type'], [JSON_MEDIA_TYPE]);
  if (refused) throw new WebhooksError(refused.message, { status: 415, reason: refused.reason });
  const encoding = (headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity') {
    throw new WebhooksError('content-encoding must be identity: signatures cover the bytes as sent', {
      status: 415,
      reason: 'unsupported_encoding',
    });
  }
  const length = headers['content-length'];
  if (length !== undefined && Number(length) > limit) {
    throw new WebhooksError(`body exceeds the limit of ${limit} bytes`, { status: 413, reason: 'too_large' });
  }
}
