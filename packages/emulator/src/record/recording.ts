import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { LIMITS } from '@trackerkit/core';
import { UsageError } from '@trackerkit/core/cli';
import type { App } from '../app.ts';
import { mediaType } from '../http/body.ts';
import { parseMultipart } from '../http/multipart.ts';
import type { Reply } from '../http/types.ts';
import { isCredentialField, REDACTED, type Redaction } from '../journal/credentials.ts';
import { type JournalBody, journalBody } from '../journal/journal-entry.ts';

/** The first line of a recording file (JSON lines): what it is and where it was recorded from. */
export interface RecordingHeader {
  format: 'trackerkit-recording';
  version: 1;
  /** The `--proxy-to` base URL, without any user or password it carried. */
  upstream: string;
  /** Real time the recording started (ISO 8601). */
  started_at: string;
}

/** A multipart part as recorded: its bytes are not kept, their digest is matched. */
export interface RecordedPart {
  name: string;
  filename: string | null;
  content_type: string | null;
  bytes: number;
  sha256: string;
  /** A plain field's text (a file part has none). */
  value?: string;
}

/** A request body as recorded: the journal's digest, the whole JSON, or the multipart parts. */
export interface RecordedBody extends JournalBody {
  parts?: RecordedPart[];
}

/** One request the proxy forwarded and the answer it got: each line after the header. */
export interface RecordedExchange {
  /** Arrival order on the proxying emulator; a replay serves identical requests in this order. */
  seq: number;
  method: string;
  /** The raw path as received, `/v1/api/...`, without the query. */
  path: string;
  operation_id: string | null;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  /** The journal's redaction: credentials are `[redacted]` (so are they in the path, query and bodies). */
  request_headers: Record<string, string>;
  request_body: RecordedBody | null;
  status: number;
  /** The answer's headers, redacted alike, without hop-by-hop ones and Content-Length. */
  response_headers: Record<string, string>;
  /** The parsed JSON answer; `response_text` holds an answer that was not JSON. */
  response_body?: unknown;
  response_text?: string;
}

/** Room for a multipart upload's boundaries and part headers beyond the largest file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The most a proxied or replayed request may send: the larger of a JSON upload and a file upload. */
export function largestBody(app: App): number {
  return Math.max(LIMITS.uploadBytesMax, app.options.maxFileBytes + MULTIPART_OVERHEAD);
}

/** The parsed body of a request, as recorded and as matched on replay: credentials redacted. */
export async function recordedBody(
  raw: Buffer,
  contentType: string | undefined,
  redact: Redaction,
): Promise<RecordedBody | null> {
  if (raw.length === 0) return null;
  const media = mediaType(contentType);
  const body: RecordedBody = journalBody(raw, media, redact);
  if (media === 'application/json' && body.json === undefined) {
    try {
      body.json = redact.json(JSON.parse(raw.toString('utf8')));
    } catch {
      // Not JSON after all: the digest is what is matched.
    }
  }
  if (media === 'multipart/form-data') {
    try {
      body.parts = (await parseMultipart(raw, contentType)).map((part) => {
        const digest = journalBody(part.data, part.contentType, redact);
        const out: RecordedPart = {
          name: redact.text(part.name),
          filename: part.filename === null ? null : redact.text(part.filename),
          content_type: part.contentType,
          bytes: digest.bytes,
          sha256: digest.sha256,
        };
        if (part.filename === null)
          out.value = isCredentialField(part.name) ? REDACTED : redact.text(part.data.toString('utf8'));
        return out;
      });
    } catch {
      // Unreadable multipart: the digest is what is matched.
    }
  }
  return body;
}

/** JSON with object keys sorted at every level: equal values give equal text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What is matched of a body: its JSON, else its parts (not the random boundary), else its bytes. */
function bodyKey(body: RecordedBody | null): unknown {
  if (!body) return null;
  if (body.json !== undefined) return { json: body.json };
  if (body.parts) return { parts: body.parts.map(({ value: _value, ...part }) => part) };
  return { sha256: body.sha256 };
}

/**
 * The replay's matching rule, one string per request: the method, then the operation id, path
 * parameters and query (every name and value, repeated ones in order), and for a write (any method
 * but GET, HEAD and OPTIONS) the body. A path no operation has is matched on the raw path instead.
 */
export function matchKey(
  x: Pick<RecordedExchange, 'method' | 'path' | 'operation_id' | 'params' | 'query' | 'request_body'>,
): string {
  const where = x.operation_id === null ? { path: x.path } : { op: x.operation_id, params: x.params };
  const body = READS.has(x.method) ? null : bodyKey(x.request_body);
  return canonical({ method: x.method, ...where, query: x.query, body });
}

/** Headers of an answer that belong to one connection or are recomputed when sent again. */
const NOT_REPLAYED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
  'server',
]);

/** An upstream answer's headers as kept: redacted by the journal's rule, hop-by-hop ones dropped. */
export function answerHeaders(headers: Headers, redact: Redaction): Record<string, string> {
  const all: IncomingHttpHeaders = {};
  headers.forEach((value, name) => {
    if (!NOT_REPLAYED.has(name)) all[name] = value;
  });
  return redact.headers(all);
}

/** The reply an exchange gives back: its status, headers and body as they came. */
export function replyOf(exchange: RecordedExchange): Reply {
  const reply: Reply = {
    status: exchange.status,
    body: exchange.response_body,
    headers: exchange.response_headers,
  };
  if (exchange.response_text !== undefined || exchange.response_body === undefined)
    reply.raw = exchange.response_text ?? '';
  return reply;
}

/** A URL without the user and password it may carry (the recording's header names the upstream). */
function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

/** Appends exchanges to `file` (replaced when the recording starts), one JSON line each, as answered. */
export class RecordingWriter {
  readonly file: string;

  constructor(file: string, upstream: string) {
    this.file = file;
    const header: RecordingHeader = {
      format: 'trackerkit-recording',
      version: 1,
      upstream: withoutCredentials(upstream),
      started_at: new Date().toISOString(),
    };
    try {
      writeFileSync(file, `${JSON.stringify(header)}\n`, { mode: 0o600 });
    } catch (error) {
      throw new UsageError(`@trackerkit/emulator: --record ${file}: ${(error as Error).message}`);
    }
  }

  // Synchronous: a line is complete on disk before its answer is sent, so a killed emulator
  // leaves a recording of everything its clients saw.
  write(exchange: RecordedExchange): void {
    appendFileSync(this.file, `${JSON.stringify(exchange)}\n`);
  }
}

/** A recording file's exchanges in arrival order; a file that is not one is bad usage (exit 2). */
export function readRecording(file: string): RecordedExchange[] {
  const fail = (why: string) => new UsageError(`@trackerkit/emulator: --replay ${file}: ${why}`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw fail((error as Error).message);
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const parse = (line: string, n: number) => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      throw fail(`line ${n} is not JSON`);
    }
  };
  const header = lines.length > 0 ? (parse(lines[0] as string, 1) as Partial<RecordingHeader>) : {};
  if (header.format !== 'trackerkit-recording' || header.version !== 1)
    throw fail('not a recording (its first line is not {"format":"trackerkit-recording","version":1,...})');
  const exchanges = lines.slice(1).map((line, i) => {
    const x = parse(line, i + 2) as Partial<RecordedExchange>;
    if (typeof x.seq !== 'number' || typeof x.method !== 'string' || typeof x.status !== 'number')
      throw fail(`line ${i + 2} is not a recorded exchange (seq, method, status)`);
    return x as RecordedExchange;
  });
  return exchanges.sort((a, b) => a.seq - b.seq);
}
