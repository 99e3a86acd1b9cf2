import type { IncomingHttpHeaders } from 'node:http';
import { WebhooksError } from '../errors.ts';

/** Rejects by headers alone, before reading a byte of body: 415 for type or encoding, 413 for size. */
export function checkRequestHeaders(headers: IncomingHttpHeaders, limit: number): void {
  const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) {
    throw new WebhooksError(
      `content-type must be application/json, got ${type ? JSON.stringify(type.slice(0, 100)) : 'none'}`,
      {
        status: 415,
        reason: 'unsupported_media_type',
      },
    );
  }
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
