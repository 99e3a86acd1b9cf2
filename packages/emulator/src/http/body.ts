import type { IncomingMessage } from 'node:http';
import { jsonDepthRule, jsonNestsDeeper, MAX_JSON_DEPTH } from '@trackerkit/core';
import { Refusal } from '../errors/errors.ts';

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
  if (over) throw new Refusal('too_large', `Request body exceeds ${limit} bytes`);
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

export function parseJson(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  // The core's depth rule: a deeper body would overflow the stack later, when stored or answered.
  if (jsonNestsDeeper(text, MAX_JSON_DEPTH)) {
    throw new Refusal('malformed', `Malformed JSON body: ${jsonDepthRule(MAX_JSON_DEPTH)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Refusal('malformed', `Malformed JSON body: ${(error as Error).message}`);
  }
}
