import { FILE_TYPES, LIMITS, matchesFileType, type ValidationIssue } from '@trackerkit/client';
import { HttpError, invalid, ValidationFailure } from '../http/errors.ts';
import type { MultipartPart } from '../http/multipart.ts';
import { resolvePointer } from '../validation/document.ts';
import { validateAgainst } from '../validation/request-validator.ts';
import { csvToRows } from './csv.ts';
import { extensionOf } from './file-types.ts';
import { extractPdfText } from './pdf-text.ts';
import { jsonItems, type NewItem, textItem, type Upload } from './upload.ts';

const fileSchema = resolvePointer('#/components/schemas/VaultFileUpload');

/** Turns a multipart upload into items: PDF text, CSV rows as JSON, TXT/MD text, images by description. */
export function fileUpload(parts: MultipartPart[], maxFileBytes: number): Upload {
  const file = parts.find((p) => p.name === 'file' && p.filename !== null);
  const field = (name: string) => {
    const part = parts.find((p) => p.name === name && p.filename === null);
    return part ? part.data.toString('utf8') : undefined;
  };
  const sourceName = field('source_name');
  const description = field('description');
  validateAgainst(
    fileSchema,
    {
      ...(file ? { file: file.filename } : {}),
      ...(sourceName !== undefined ? { source_name: sourceName } : {}),
      ...(description !== undefined ? { description } : {}),
    },
    ['body'],
  );
  const upload = file as MultipartPart;
  const filename = upload.filename as string;
  if (upload.data.length > maxFileBytes) throw new HttpError(413, `File exceeds ${maxFileBytes} bytes`);
  const ext = extensionOf(filename);
  if (!ext) {
    throw invalid(
      ['body', 'file'],
      `Unsupported file type: ${filename}; accepted: ${Object.keys(FILE_TYPES).join(', ')}`,
    );
  }
  if (!matchesFileType(ext, upload.data)) {
    throw invalid(['body', 'file'], `The file content is not a valid ${ext.toUpperCase()} file`);
  }
  const { content_type: contentType, source_type: sourceType } = FILE_TYPES[ext];
  const name = sourceName ?? filename;
  const metadata = { file_name: filename, size_bytes: upload.data.length };
  // An item made from the file counts the file's bytes, not those of the text taken out of it.
  const fileItem = (text: string, meta: Record<string, unknown>): NewItem => ({
    ...textItem(text, meta),
    size_bytes: upload.data.length,
  });
  if (contentType === 'image') {
    // The document's schema only caps the length; the minimum applies to images alone.
    if (description === undefined || description.length < LIMITS.imageDescriptionMin) {
      const issue: ValidationIssue = {
        loc: ['body', 'description'],
        msg:
          description === undefined
            ? 'A description is required for images'
            : `String should have at least ${LIMITS.imageDescriptionMin} characters for images`,
        type: description === undefined ? 'missing' : 'string_too_short',
      };
      throw new ValidationFailure([issue]);
    }
    return {
      sourceName: name,
      description,
      sourceType,
      items: [{ ...fileItem(description, metadata), content_type: 'image' }],
    };
  }
  let items: NewItem[];
  if (ext === 'csv') {
    const rows = csvToRows(upload.data.toString('utf8'));
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
