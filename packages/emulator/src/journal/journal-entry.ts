import { createHash } from 'node:crypto';
import type { Redaction } from './credentials.ts';

/** What a request carried, as the journal keeps it. */
export interface JournalBody {
  /** `type/subtype` of the Content-Type, or null. */
  media_type: string | null;
  bytes: number;
  /** Hex SHA-256 of the bytes as received. */
  sha256: string;
  /** The parsed body, for JSON of at most JOURNAL_JSON_BYTES (larger ones and files: the digest only). */
  json?: unknown;
}

/** One request the emulator received on `/v1/...`, and what it answered. */
export interface JournalEntry {
  /** 1, 2, 3... in the order received (not reset by clearing, so `since` keeps working). */
  seq: number;
  /** Emulator-clock instant the request arrived (ISO 8601). */
  at: string;
  method: string;
  /** The raw path, `/v1/api/...`, without the query (a known credential in it is `[redacted]`). */
  path: string;
  /** The document's operationId; null for a path or method no operation has. */
  operation_id: string | null;
  /** Path parameters (`tracker_id`, `run_id`, ...) decoded. */
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  /** Lower-case names; credentials (`authorization`, `x-auth-token`, `api-key`, cookies, ...) are `[redacted]`. */
  headers: Record<string, string>;
  /** The account its token named, once authenticated; null otherwise. */
  account_id: string | null;
  body: JournalBody | null;
  /** The answer's status; 499 when the client hung up before an answer could be sent. */
  status: number;
  /** A fault it met: `header` (X-Emulator-Fault) or a rule's id; null otherwise. */
  fault: string | null;
  /** Real milliseconds from arrival to answer. */
  duration_ms: number;
}

/** Bodies up to this many bytes are kept parsed (JSON); beyond, the digest says what was sent. */
const JOURNAL_JSON_BYTES = 16 * 1024;

/** A body as kept: its digest, and for small JSON the value with credentials redacted. */
export function journalBody(raw: Buffer, mediaType: string | null, redact: Redaction): JournalBody {
  const body: JournalBody = {
    media_type: mediaType,
    bytes: raw.length,
    sha256: createHash('sha256').update(raw).digest('hex'),
  };
  if (mediaType === 'application/json' && raw.length <= JOURNAL_JSON_BYTES) {
    try {
      body.json = redact.json(JSON.parse(raw.toString('utf8')));
    } catch {
      // Malformed JSON: the digest and the 400 the entry records say enough.
    }
  }
  return body;
}
