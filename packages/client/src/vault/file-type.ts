// Checks a file's type by its extension (FILE_TYPES, from the document) and by its content.
import { validationError } from '../errors.ts';
import { FILE_TYPES, LIMITS } from '../generated/limits.ts';
import { VALIDATION_RULES } from '../validate/rules.ts';
import { fileTooLarge } from './file-input.ts';

export type FileExtension = keyof typeof FILE_TYPES;

/** Magic bytes of the binary formats, keyed by the document's source_type. */
const SIGNATURES: Record<string, readonly number[]> = {
  PDF: [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  PNG: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  JPEG: [0xff, 0xd8, 0xff],
};

/** The media type sent with each extension (all listed in the document's multipart encoding). */
export const MEDIA_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  txt: 'text/plain',
  md: 'text/markdown',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function extensionOf(filename: string): FileExtension {
  const dot = filename.lastIndexOf('.');
  const ext = dot >= 0 ? filename.slice(dot + 1).toLowerCase() : '';
  if (!Object.hasOwn(FILE_TYPES, ext)) {
    const allowed = Object.keys(FILE_TYPES).join(', ');
    throw validationError(
      'filename',
      VALIDATION_RULES.fileExtension,
      `"${filename}" does not end in one of ${allowed}`,
    );
  }
  return ext as FileExtension;
}

export function isImage(ext: FileExtension): boolean {
  return FILE_TYPES[ext].content_type === 'image';
}

/**
 * Whether the bytes are what the extension claims: magic bytes for the binary formats, UTF-8 text
 * otherwise. The emulator judges uploads with it, so client and service agree on what a file is.
 */
export function matchesFileType(ext: FileExtension, bytes: Uint8Array): boolean {
  const signature = SIGNATURES[FILE_TYPES[ext].source_type];
  return signature ? startsWith(bytes, signature) : isText(bytes);
}

/** Throws unless the content matches the extension: magic bytes for binary formats, UTF-8 text otherwise. */
export function checkContent(ext: FileExtension, bytes: Uint8Array): void {
  if (bytes.length === 0) throw validationError('file', VALIDATION_RULES.fileNotEmpty, 'the file is empty');
  if (bytes.length > LIMITS.fileBytesMax) throw fileTooLarge();
  const sourceType = FILE_TYPES[ext].source_type;
  const signature = SIGNATURES[sourceType];
  if (signature) {
    if (!startsWith(bytes, signature)) {
      throw validationError(
        'file',
        VALIDATION_RULES.fileContent,
        `the content is not a ${sourceType} file (its first bytes do not match)`,
      );
    }
    return;
  }
  const binary = Object.entries(SIGNATURES).find(([, sig]) => startsWith(bytes, sig));
  if (binary || !isText(bytes)) {
    const what = binary ? `a ${binary[0]} file` : 'binary data';
    throw validationError(
      'file',
      VALIDATION_RULES.fileContent,
      `a .${ext} file must be UTF-8 text, but this is ${what}`,
    );
  }
}
