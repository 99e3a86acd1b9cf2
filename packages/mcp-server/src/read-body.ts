import type { IncomingMessage } from 'node:http';

/**
 * The request body, or undefined once it is larger than `limit` bytes: refused before reading when
 * the client says its size up front, else as soon as the bytes read pass the limit. The MCP
 * endpoint (413 naming the upload size) and the registration page (413 page) say why themselves.
 */
export async function readBodyWithin(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
