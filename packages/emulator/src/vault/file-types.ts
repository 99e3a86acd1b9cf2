import { FILE_TYPES, type FileExtension } from '@trackerkit/client';

export function extensionOf(filename: string): FileExtension | null {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  return filename.includes('.') && ext in FILE_TYPES ? (ext as FileExtension) : null;
}
