import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors.ts';

/**
 * Reads the whole body. Past `limit` bytes the rest is drained and discarded (answering before the
 * client finished sending makes many clients report a broken connection instead of the 413).
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  const chunks: Buffer[] = [];
  let size = 0;
  let over = Number.isFinite(declared) && declared > limit;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) over = true;
    if (!over) chunks.push(chunk);
  }
  if (over) throw new HttpError(413, `Request body exceeds ${limit} bytes`);
  return Buffer.concat(chunks, size);
}

export async function drain(req: IncomingMessage): Promise<void> {
  for await (const _ of req as AsyncIterable<Buffer>) {
    // discard
  }
}

/** `type/subtype` in lower case, without parameters. */
export function mediaType(header: string | undefined): string | null {
  if (!header) return null;
  return header.split(';')[0]?.trim().toLowerCase() || null;
}

/**
 * Deepest nesting of objects and arrays a JSON body may have. JSON.parse reads any depth, but
 * JSON.stringify and structuredClone overflow the stack a few thousand levels down, so a deeper
 * body would fail later, when it is stored or answered; parsers of Python services also stop near
 * a thousand levels.
 */
export const MAX_JSON_DEPTH = 512;

/** Whether `text` nests objects and arrays deeper than `max` (brackets inside strings do not count). */
function nestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

export function parseJson(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (nestsDeeper(text, MAX_JSON_DEPTH)) {
    throw new HttpError(400, `Malformed JSON body: nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, `Malformed JSON body: ${(error as Error).message}`);
  }
}
