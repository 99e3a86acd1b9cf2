import type { IncomingMessage } from 'node:http';

/** How long the rest of a refused body is read (and dropped) after the answer, at most. */
const DRAIN_MS = 10_000;
/** How long a client still sending past the drain has to read the answer before the cut. */
const CUT_AFTER_MS = 1000;

/**
 * Reads and drops the rest of a body that is over the limit, so the client, still sending,
 * reads the answer instead of a connection reset (closing a socket with unread bytes resets
 * it, and a reset can discard the answer on the client's side). A body that goes on past
 * `bytes` more, or `DRAIN_MS`, is no longer read (the sender stalls, the answer stays readable),
 * and its connection is cut a moment later.
 */
function discardRest(req: IncomingMessage, bytes: number): void {
  const { socket } = req;
  // When the client asked `Connection: close`, Node destroys the socket as soon as the answer is
  // written, which resets a client still sending. Close in stages instead (RFC 9112, 9.6): the
  // answer, then this side's FIN, reading on until the client closes or the bounds below.
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), DRAIN_MS).unref();
  };
  let dropped = 0;
  let cutting = false;
  const stopReading = () => {
    // A body that ended leaves a connection that may already carry the next request.
    if (cutting || req.complete) return;
    cutting = true;
    clearTimeout(timer);
    req.pause();
    setTimeout(() => socket.destroy(), CUT_AFTER_MS).unref();
  };
  const timer = setTimeout(stopReading, DRAIN_MS).unref();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > bytes) stopReading();
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/**
 * The request body, or undefined once it is larger than `limit` bytes: refused before reading when
 * the client says its size up front, else as soon as the bytes read pass the limit (a chunked
 * body). The MCP endpoint (413 naming the upload size) and the registration page (413 page) say
 * why themselves; the rest of a refused body is drained for a bounded while so that answer arrives.
 */
export function readBodyWithin(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const drain = Math.max(limit, 64 * 1024);
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    discardRest(req, drain);
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    // Not a for-await loop: leaving one early destroys the request, and with it the socket the
    // 413 must be written to.
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      discardRest(req, drain);
      resolve(undefined);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onClose = () => {
      stop();
      reject(
        Object.assign(new Error('the client closed the connection before the body ended'), {
          code: 'ECONNRESET',
        }),
      );
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onClose);
  });
}
