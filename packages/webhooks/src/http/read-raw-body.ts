import type { IncomingMessage } from 'node:http';
import { WebhooksError } from '../errors.ts';

/**
 * Reads the body bytes exactly as sent, stopping at `limit`. No parser runs before
 * verification, so the signed bytes are the bytes checked.
 */
export function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error?: WebhooksError) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
      if (error) {
        // Drain the rest without keeping it, so the response can still be written.
        req.resume();
        reject(error);
      } else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        finish(
          new WebhooksError(`body exceeds the limit of ${limit} bytes`, { status: 413, reason: 'too_large' }),
        );
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    const onError = (error: Error) =>
      finish(
        new WebhooksError(`body could not be read: ${error.message}`, {
          status: 400,
          reason: 'unreadable_body',
        }),
      );
    const onAborted = () => finish(new WebhooksError('request aborted', { status: 400, reason: 'aborted' }));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  });
}
