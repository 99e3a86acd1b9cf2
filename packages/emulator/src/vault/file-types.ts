import { FILE_TYPES } from '@trackerkit/client';

export type FileExtension = keyof typeof FILE_TYPES;

const SIGNATURES: Partial<Record<FileExtension, number[]>> = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpg: [0xff, 0xd8, 0xff],
  jpeg: [0xff, 0xd8, 0xff],
};

export function extensionOf(filename: string): FileExtension | null {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  return filename.includes('.') && ext in FILE_TYPES ? (ext as FileExtension) : null;
}

/** Whether the bytes are what the extension claims: magic numbers for binaries, UTF-8 text otherwise. */
export function contentMatches(ext: FileExtension, data: Buffer): boolean {
  const signature = SIGNATURES[ext];
  if (signature) return signature.every((byte, i) => data[i] === byte);
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}
