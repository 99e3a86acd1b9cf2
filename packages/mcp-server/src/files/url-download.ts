// upload_vault_data's `url`: the body is fetched whole, decoded, into a temporary file before any
// row is read. The remote host then holds the call for a bounded time (no byte for IDLE, or not
// done by TOTAL, ends it) and a bounded number of bytes (the upload limit, counted after
// decoding), not for as long as pacing the rows to the service takes; and the rows can be read
// twice (counted, then sent). Response, decoder, limit and file are joined with pipeline: an
// error in any of them (a reset, truncated gzip) fails the download and nothing else.
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ToolInputError } from '../tool-api/tool-errors.ts';
import { capBytes, overUploadLimit } from './byte-cap.ts';
import { fetchUrl, type UrlFetchPolicy } from './url-fetch.ts';

/** How long a URL may send nothing, and take in all, from the request to its body's last byte. */
export interface UrlTimeBounds {
  idleMs: number;
  totalMs: number;
}

/** 30 s without a byte; 5 minutes in all (10 MB then needs about 35 KB/s). */
const URL_TIME_BOUNDS: UrlTimeBounds = { idleMs: 30_000, totalMs: 300_000 };

/** A URL's decoded body in a temporary file, open; `close` removes it. */
export interface DownloadedBody {
  /** The URL that answered (after redirects). */
  url: URL;
  type: string | null;
  handle: FileHandle;
  close(): Promise<void>;
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** Passes bytes on; fails with `idle()` once `ms` pass without one. */
function idleWatch(ms: number, idle: () => Error): Transform {
  const watch = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      timer.refresh();
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      done();
    },
    destroy(error, done) {
      clearTimeout(timer);
      done(error);
    },
  });
  const timer = setTimeout(() => watch.destroy(idle()), ms);
  return watch;
}

/**
 * Fetches `raw` (checked by `policy`, url-fetch.ts) into a temporary file: at most `limit` bytes
 * once decoded, within the time bounds. Fails with a ToolInputError on `url` naming the reason;
 * a cancelled call fails with its signal's reason.
 */
export async function downloadUrl(
  raw: string,
  policy: UrlFetchPolicy & { bounds?: UrlTimeBounds | undefined },
  signal: AbortSignal,
  limit: number,
): Promise<DownloadedBody> {
  const bounds = policy.bounds ?? URL_TIME_BOUNDS;
  const dir = await mkdtemp(join(tmpdir(), 'trackerkit-upload-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  const late = new ToolInputError(
    'url',
    `${raw} did not send its whole body within ${seconds(bounds.totalMs)}`,
  );
  const timer = setTimeout(() => stop.abort(late), bounds.totalMs);
  try {
    const { url, response, decoder, type } = await fetchUrl(raw, policy, stop.signal);
    const path = join(dir, 'body');
    const quiet = () => new ToolInputError('url', `${url.href} sent nothing for ${seconds(bounds.idleMs)}`);
    await pipeline(
      [
        response,
        idleWatch(bounds.idleMs, quiet),
        ...(decoder ? [decoder] : []),
        capBytes(limit, () => overUploadLimit('url', raw, limit)),
        createWriteStream(path),
      ],
      { signal: stop.signal },
    );
    const handle = await open(path, 'r');
    return { url, type, handle, close: () => handle.close().finally(remove) };
  } catch (error) {
    await remove();
    if (stop.signal.aborted) throw stop.signal.reason;
    if (error instanceof ToolInputError) throw error;
    throw new ToolInputError('url', `cannot fetch ${raw} (${(error as Error).message})`);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}
