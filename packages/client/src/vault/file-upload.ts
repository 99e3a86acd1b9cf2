// vault.uploadFile: checks the file and its fields by the core's rules, then builds the multipart form.
import { extensionOf, fileContentProblems, fileUploadProblems, MEDIA_TYPES } from '@trackerkit/core';
import { validationError } from '../errors.ts';
import { throwIfAny } from '../validate/requests.ts';
import { type FileInput, readFileInput } from './file-input.ts';

export interface UploadFileInput {
  file: FileInput;
  /** The name with its extension, which decides the type (pdf, csv, txt, md, jpg, jpeg, png). */
  filename: string;
  /** Defaults, on the service, to the file name. */
  source_name?: string | undefined;
  /** Required for images. */
  description?: string | undefined;
  /** Overrides the media type derived from the extension. */
  contentType?: string | undefined;
}

export async function buildFileForm(input: UploadFileInput): Promise<FormData> {
  if (typeof input.filename !== 'string' || input.filename.length === 0) {
    throw validationError('filename', 'required', 'filename is required (its extension decides the type)');
  }
  // Everything but the content first, so a bad name never costs reading a large stream.
  const fields = { source_name: input.source_name, description: input.description };
  throwIfAny(fileUploadProblems(input.filename, undefined, fields));
  const ext = extensionOf(input.filename)!;
  const bytes = await readFileInput(input.file);
  throwIfAny(fileContentProblems(ext, bytes));
  const form = new FormData();
  const type = input.contentType ?? MEDIA_TYPES[ext] ?? 'application/octet-stream';
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), input.filename);
  if (input.source_name !== undefined) form.append('source_name', input.source_name);
  if (input.description !== undefined) form.append('description', input.description);
  return form;
}
