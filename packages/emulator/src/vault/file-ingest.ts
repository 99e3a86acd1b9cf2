import { extensionOf, FILE_TYPES, fileUploadProblems } from '@trackerkit/core';
import { invalid, Refusal, refuse } from '../errors/errors.ts';
import { problemsAgainst } from '../validation/schemas.ts';
import { csvToRows } from './csv.ts';
import { extractPdfText } from './pdf-text.ts';
import { jsonItems, type NewItem, textItem, type Upload } from './upload.ts';

// The size limit is the emulator's `maxFileBytes` (413), which may differ from the document's.

/** What the ingest reads of a multipart part (the HTTP layer's parsed parts have this shape). */
export interface UploadPart {
  name: string;
  /** The part's file name; null for a plain field. */
  filename: string | null;
  data: Buffer;
}

/** Turns a multipart upload into items: PDF text, CSV rows as JSON, TXT/MD text, images by description. */
export function fileUpload(parts: readonly UploadPart[], maxFileBytes: number): Upload {
  const file = parts.find((p) => p.name === 'file' && p.filename !== null);
  const field = (name: string) => {
    const part = parts.find((p) => p.name === name && p.filename === null);
    return part ? part.data.toString('utf8') : undefined;
  };
  const sourceName = field('source_name');
  const description = field('description');
  const fields = {
    ...(file ? { file: file.filename } : {}),
    ...(sourceName !== undefined ? { source_name: sourceName } : {}),
    ...(description !== undefined ? { description } : {}),
  };
  refuse('body', problemsAgainst('VaultFileUpload', fields));
  const upload = file as UploadPart;
  const filename = upload.filename as string;
  if (upload.data.length > maxFileBytes) throw new Refusal('too_large', `File exceeds ${maxFileBytes} bytes`);
  const textFields = { source_name: sourceName, description };
  refuse('body', fileUploadProblems(filename, upload.data, textFields, { maxBytes: maxFileBytes }));
  const ext = extensionOf(filename)!;
  const { content_type: contentType, source_type: sourceType } = FILE_TYPES[ext];
  const name = sourceName ?? filename;
  const metadata = { file_name: filename, size_bytes: upload.data.length };
  // An item made from the file counts the file's bytes, not those of the text taken out of it.
  const fileItem = (text: string, meta: Record<string, unknown>): NewItem => ({
    ...textItem(text, meta),
    size_bytes: upload.data.length,
  });
  if (contentType === 'image') {
    // fileUploadProblems made sure an image has its description.
    const text = description ?? '';
    return {
      sourceName: name,
      description: text,
      sourceType,
      items: [{ ...fileItem(text, metadata), content_type: 'image' }],
    };
  }
  let items: NewItem[];
  if (ext === 'csv') {
    let rows: ReturnType<typeof csvToRows>;
    try {
      rows = csvToRows(upload.data.toString('utf8'));
    } catch (error) {
      throw invalid(['body', 'file'], `The CSV file cannot be read: ${(error as Error).message}`);
    }
    if (rows.length === 0) throw invalid(['body', 'file'], 'The CSV file has no data rows');
    items = jsonItems(rows);
  } else if (ext === 'pdf') {
    const { text, pages } = extractPdfText(upload.data);
    items = [fileItem(text, { ...metadata, page_count: pages })];
  } else {
    items = [fileItem(upload.data.toString('utf8'), metadata)];
  }
  return { sourceName: name, description: description ?? null, sourceType, items };
}
