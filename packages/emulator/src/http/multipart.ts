import { Refusal } from '../errors/errors.ts';

export interface MultipartPart {
  name: string;
  /** The part's file name; null for a plain field. */
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

/**
 * Parses a complete multipart/form-data body (RFC 7578) with the platform's own parser (undici's
 * `Request.formData()`, the one `fetch` uses) instead of a hand-written one. A part with a file
 * name is a file, any other part a text field; anything unreadable answers 400.
 */
export async function parseMultipart(
  body: Buffer,
  contentType: string | undefined,
): Promise<MultipartPart[]> {
  if (!contentType || !/;\s*boundary=/i.test(contentType))
    throw new Refusal('malformed', 'Unreadable multipart body: the Content-Type has no boundary');
  let form: FormData;
  try {
    form = await new Request('http://emulator.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    }).formData();
  } catch (error) {
    throw new Refusal('malformed', `Unreadable multipart body: ${(error as Error).message}`);
  }
  const entries: [string, FormDataEntryValue][] = [];
  form.forEach((value, name) => {
    entries.push([name, value]);
  });
  const parts: MultipartPart[] = [];
  for (const [name, value] of entries) {
    if (typeof value === 'string') {
      parts.push({ name, filename: null, contentType: null, data: Buffer.from(value, 'utf8') });
    } else {
      parts.push({
        name,
        filename: value.name,
        contentType: value.type || null,
        data: Buffer.from(await value.arrayBuffer()),
      });
    }
  }
  return parts;
}
