// A file's type by its extension (FILE_TYPES, from the document) and by its content, so the
// client and the service (emulator) agree on what a file is.
import { FILE_TYPES, LIMITS } from '../generated/limits.ts';
import { type Problem, problem } from '../problem.ts';
import { VALIDATION_RULES } from './rule-texts.ts';

export type FileExtension = keyof typeof FILE_TYPES;

/** Magic bytes of the binary formats, keyed by the document's source_type. */
const SIGNATURES: Record<string, readonly number[]> = {
  PDF: [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  PNG: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  JPEG: [0xff, 0xd8, 0xff],
};

/** The media type sent with each extension (all listed in the document's multipart encoding). */
export const MEDIA_TYPES: Readonly<Record<FileExtension, string>> = {
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

/** The accepted extension of a file name, lower-cased; undefined when it has none of FILE_TYPES. */
export function extensionOf(filename: string): FileExtension | undefined {
  const dot = filename.lastIndexOf('.');
  const ext = dot >= 0 ? filename.slice(dot + 1).toLowerCase() : '';
  return Object.hasOwn(FILE_TYPES, ext) ? (ext as FileExtension) : undefined;
}

export function fileNameProblems(filename: string, path = ['file']): Problem[] {
  if (extensionOf(filename) !== undefined) return [];
  const allowed = Object.keys(FILE_TYPES).join(', ');
  return [problem(path, VALIDATION_RULES.fileExtension, `"${filename}" does not end in one of ${allowed}`)];
}

export const isImage = (ext: FileExtension): boolean => FILE_TYPES[ext].content_type === 'image';

/** Whether the bytes are what the extension claims: magic bytes for binary formats, UTF-8 text otherwise. */
export function matchesFileType(ext: FileExtension, bytes: Uint8Array): boolean {
  const signature = SIGNATURES[FILE_TYPES[ext].source_type];
  return signature
    ? startsWith(bytes, signature)
    : isText(bytes) && !Object.values(SIGNATURES).some((s) => startsWith(bytes, s));
}

export const fileTooLargeProblem = (path = ['file'], maxBytes: number = LIMITS.fileBytesMax): Problem =>
  problem(path, `x-max-file-bytes: ${maxBytes}`, `the file exceeds ${maxBytes} bytes`);

/**
 * The file's content against its extension: not empty, within the size limit (the document's, or
 * `maxBytes` where a service is configured otherwise), the right kind of bytes.
 */
export function fileContentProblems(
  ext: FileExtension,
  bytes: Uint8Array,
  { path = ['file'], maxBytes = LIMITS.fileBytesMax }: { path?: string[]; maxBytes?: number } = {},
): Problem[] {
  if (bytes.length === 0) return [problem(path, VALIDATION_RULES.fileNotEmpty, 'the file is empty')];
  if (bytes.length > maxBytes) return [fileTooLargeProblem(path, maxBytes)];
  if (matchesFileType(ext, bytes)) return [];
  const sourceType = FILE_TYPES[ext].source_type;
  if (SIGNATURES[sourceType]) {
    return [
      problem(
        path,
        VALIDATION_RULES.fileContent,
        `the content is not a ${sourceType} file (its first bytes do not match)`,
      ),
    ];
  }
  const binary = Object.entries(SIGNATURES).find(([, sig]) => startsWith(bytes, sig));
  const what = binary ? `a ${binary[0]} file` : 'binary data';
  return [
    problem(path, VALIDATION_RULES.fileContent, `a .${ext} file must be UTF-8 text, but this is ${what}`),
  ];
}

/** Images need a description of 10-500 characters for search indexing. */
export function imageDescriptionProblems(ext: FileExtension, description: string | undefined): Problem[] {
  if (!isImage(ext)) return [];
  const length = description?.length ?? 0;
  if (length >= LIMITS.imageDescriptionMin && length <= LIMITS.imageDescriptionMax) return [];
  return [
    problem(
      ['description'],
      VALIDATION_RULES.imageDescription,
      `a .${ext} file needs a description of ${LIMITS.imageDescriptionMin}-${LIMITS.imageDescriptionMax} characters`,
      description === undefined ? 'missing' : 'value_error',
    ),
  ];
}
