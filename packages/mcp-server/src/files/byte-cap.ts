// The one bound on what the upload tools read from a file or a URL: a number of bytes after any
// decoding (a megabyte of gzip can decode to a gigabyte), set by the operator. Counted as the
// bytes pass, so nothing past the limit is ever held or written.
import { Transform } from 'node:stream';
import { ToolInputError } from '../tool-api/tool-errors.ts';

/** Where the operator sets the limit, said in every error about it. */
const SETTING = '--max-upload-bytes, env TRACKERKIT_MCP_MAX_UPLOAD_BYTES';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * `what` (a path or URL, as the caller gave it) holds more than `limit` bytes: `size` when it is
 * known up front (a file), else it was found while reading (a URL's decoded body).
 */
export function overUploadLimit(field: string, what: string, limit: number, size?: number): ToolInputError {
  const holds = size === undefined ? `${what} holds` : `${what} holds ${count(size)} bytes,`;
  return new ToolInputError(
    field,
    `${holds} more than ${count(limit)} bytes, the most this server reads from a file or from a URL's decoded body (${SETTING})`,
  );
}

/** Passes the first `limit` bytes on; one byte more fails the stream with `tooMany()`. */
export function capBytes(limit: number, tooMany: () => Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) return done(tooMany());
      done(null, chunk);
    },
  });
}
