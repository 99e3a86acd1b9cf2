// vault.uploadFile: checks the file and its fields, then builds the multipart form.
import { validationError } from '../errors.ts';
import { LIMITS } from '../generated/limits.ts';
import { validateFileFields } from '../validate/requests.ts';
import { VALIDATION_RULES } from '../validate/rules.ts';
import { type FileInput, readFileInput } from './file-input.ts';
import { checkContent, extensionOf, isImage, MEDIA_TYPES } from './file-type.ts';

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
  const ext = extensionOf(input.filename);
  validateFileFields({ source_name: input.source_name, description: input.description });
  if (isImage(ext) && (input.description?.length ?? 0) < LIMITS.imageDescriptionMin) {
    throw validationError(
      'description',
      VALIDATION_RULES.imageDescription,
      `images need a description of ${LIMITS.imageDescriptionMin}-${LIMITS.imageDescriptionMax} characters for search indexing`,
    );
  }
  const bytes = await readFileInput(input.file);
  checkContent(ext, bytes);
  const form = new FormData();
  const type = input.contentType ?? MEDIA_TYPES[ext] ?? 'application/octet-stream';
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), input.filename);
  if (input.source_name !== undefined) form.append('source_name', input.source_name);
  if (input.description !== undefined) form.append('description', input.description);
  return form;
}
