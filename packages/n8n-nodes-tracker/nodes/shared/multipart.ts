// A multipart/form-data body built by hand: the node may not depend on a form-data package.
import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  field: string;
  fileName: string;
  mimeType: string;
  data: Buffer;
}

export function buildMultipart(
  fields: Record<string, string | undefined>,
  file: MultipartFile,
  boundary = `----trackerkit${randomBytes(12).toString('hex')}`,
): { body: Buffer; contentType: string } {
  const parts: Buffer[] = [];
  const quote = (value: string) => value.replace(/["\r\n]/g, '_');
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quote(file.field)}"; filename="${quote(file.fileName)}"\r\n` +
        `Content-Type: ${file.mimeType}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
