import { HttpError } from './errors.ts';

export interface MultipartPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function dispositionParam(disposition: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(disposition);
  if (match) return (match[1] ?? '').replace(/\\(.)/g, '$1');
  const bare = new RegExp(`;\\s*${name}=([^;]+)`, 'i').exec(disposition);
  return bare ? (bare[1] ?? '').trim() : null;
}

const bad = (why: string) => new HttpError(400, `Unreadable multipart body: ${why}`);

/** Parses a complete multipart/form-data body (RFC 7578). */
export function parseMultipart(body: Buffer, boundary: string | null): MultipartPart[] {
  if (!boundary) throw bad('the Content-Type has no boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  let position = body.indexOf(delimiter);
  if (position < 0) throw bad('boundary not found');
  const parts: MultipartPart[] = [];
  for (;;) {
    position += delimiter.length;
    if (body.subarray(position, position + 2).toString() === '--') return parts;
    if (body.subarray(position, position + 2).toString() !== '\r\n') throw bad('malformed boundary line');
    position += 2;
    const headerEnd = body.indexOf('\r\n\r\n', position);
    if (headerEnd < 0) throw bad('part headers not terminated');
    const headers = parseHeaders(body.subarray(position, headerEnd).toString('utf8'));
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
    if (next < 0) throw bad('closing boundary not found');
    const disposition = headers['content-disposition'] ?? '';
    const name = dispositionParam(disposition, 'name');
    if (!name) throw bad('a part has no name');
    parts.push({
      name,
      filename: dispositionParam(disposition, 'filename'),
      contentType: headers['content-type'] ?? null,
      data: body.subarray(headerEnd + 4, next),
    });
    position = next + 2;
  }
}
