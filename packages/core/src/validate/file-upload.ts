// A whole file upload (POST /api/vault/files): the rules of a file (rules/file-type.ts) and the
// document's VaultFileUpload schema for its other fields, in the order a user fixes them.
import type { Problem } from '../problem.ts';
import {
  extensionOf,
  fileContentProblems,
  fileNameProblems,
  imageDescriptionProblems,
} from '../rules/file-type.ts';
import { schemaProblems } from './requests.ts';

/**
 * A whole file upload, in the order a user fixes it: the name (it decides the type), the fields, the
 * bytes. `bytes` undefined checks all but the content (before a stream is read).
 */
export function fileUploadProblems(
  filename: string,
  bytes: Uint8Array | undefined,
  fields: { source_name?: string | undefined; description?: string | undefined },
  options: { maxBytes?: number } = {},
): Problem[] {
  const named = fileNameProblems(filename);
  if (named.length > 0) return named;
  const ext = extensionOf(filename)!;
  // `file: ''` stands in for the bytes, which are checked by content below.
  const schema = schemaProblems('VaultFileUpload', { file: '', ...fields });
  if (schema.length > 0) return schema;
  const described = imageDescriptionProblems(ext, fields.description);
  return bytes === undefined ? described : [...described, ...fileContentProblems(ext, bytes, options)];
}
