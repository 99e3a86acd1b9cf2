// The largest message this server accepts, over stdio and HTTP alike. It is derived from the
// largest upload the tools advertise (upload_vault_file: one file of LIMITS.fileBytesMax bytes,
// sent as content_base64), so an advertised upload is never cut off by the transport.
import { LIMITS } from '@trackerkit/core';

/** Room for the JSON-RPC envelope and the other arguments next to the base64 content. */
const ENVELOPE_BYTES = 1024 * 1024;

/** base64 of the largest file plus the envelope: 14,381,912 bytes for a 10 MB file. */
export const MAX_MESSAGE_BYTES = Math.ceil(LIMITS.fileBytesMax / 3) * 4 + ENVELOPE_BYTES;

/**
 * Bytes the upload tools read from one file or one URL's decoded body: the service's limit of one
 * file (a CSV uploaded as a file is held to it), the operator's to change (--max-upload-bytes).
 */
export const DEFAULT_MAX_UPLOAD_BYTES: number = LIMITS.fileBytesMax;

/** Concurrent HTTP requests served at once; more get 503 with Retry-After. */
export const DEFAULT_MAX_CONCURRENT_REQUESTS = 32;
/**
 * A tool call without a progress token ends by this deadline with a clear message: the usual
 * client request timeout is 60 s, and a model that only sees "Request timed out" cannot act.
 */
export const DEFAULT_CALL_TIMEOUT_MS = 50_000;
