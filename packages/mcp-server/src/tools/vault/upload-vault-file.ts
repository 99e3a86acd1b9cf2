import type { FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  FILE_TYPES,
  fieldOf,
  fileTooLargeProblem,
  fileUploadProblems,
  LIMITS,
  type Problem,
  problem,
  VALIDATION_RULES,
} from '@trackerkit/core';
import { z } from 'zod';
import { overUploadLimit } from '../../files/byte-cap.ts';
import { openUnderRoots } from '../../files/files-root.ts';
import { renderObject } from '../../rendering/render.ts';
import type { ToolOptions } from '../../tool-api/tool-context.ts';
import { CREATES, defineTool } from '../../tool-api/tool-definition.ts';
import { ToolInputError } from '../../tool-api/tool-errors.ts';
import { documentField } from '../shared/document-fields.ts';
import { definedOnly, trackerId } from '../shared/schemas.ts';
import { sourceOutput } from './source-output.ts';

const EXTENSIONS = Object.keys(FILE_TYPES).join(', ');

interface FileArgs {
  path?: string | undefined;
  content_base64?: string | undefined;
  filename?: string | undefined;
  description?: string | undefined;
}

const decode = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));

/**
 * The core's file rules, with the file's problems named as this tool's arguments: the name's
 * extension under `filename` or `path`, the bytes under `at`.
 */
function fileProblems(
  name: { filename: string; from: 'filename' | 'path' },
  description: string | undefined,
  bytes: Uint8Array,
  at: string,
): Problem[] {
  return fileUploadProblems(name.filename, bytes, { description }).map((p) => {
    if (p.field !== 'file') return p;
    const path = [p.rule === VALIDATION_RULES.fileExtension ? name.from : at];
    return { ...p, path, field: fieldOf(path) };
  });
}

/** What can be known without reading the server's files. */
function argumentProblems(args: FileArgs): Problem[] {
  if ((args.path === undefined) === (args.content_base64 === undefined)) {
    return [problem(['path'], 'give exactly one of path or content_base64')];
  }
  if (args.content_base64 === undefined) return [];
  if (args.filename === undefined) {
    return [
      problem(
        ['filename'],
        `required with content_base64; its extension (${EXTENSIONS}) sets the type`,
        undefined,
        'missing',
      ),
    ];
  }
  const name = { filename: args.filename, from: 'filename' } as const;
  return fileProblems(name, args.description, decode(args.content_base64), 'content_base64');
}

/** The file's bytes from its start, or undefined once there are more than `limit`. */
async function readAtMost(handle: FileHandle, limit: number): Promise<Uint8Array | undefined> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const { bytesRead, buffer } = await handle.read({ buffer: Buffer.alloc(64 * 1024), position: total });
    if (bytesRead === 0) return new Uint8Array(Buffer.concat(chunks, total));
    total += bytesRead;
    if (total > limit) return undefined;
    chunks.push(buffer.subarray(0, bytesRead));
  }
}

/** Refuses a file over the service's size or the operator's upload limit, by its size. */
function checkSize(path: string, size: number, maxUploadBytes: number): void {
  if (size > LIMITS.fileBytesMax) throw new ToolInputError([fileTooLargeProblem(['path'])]);
  if (size > maxUploadBytes) throw overUploadLimit('path', path, maxUploadBytes, size);
}

async function readPath(path: string, args: FileArgs, options: ToolOptions) {
  const opened = await openUnderRoots(path, options.filesRoots);
  let file: Uint8Array | undefined;
  try {
    // Refused before reading: the file may be far larger than the service accepts.
    checkSize(path, opened.size, options.maxUploadBytes);
    file = await readAtMost(opened.handle, Math.min(LIMITS.fileBytesMax, options.maxUploadBytes));
  } finally {
    await opened.handle.close();
  }
  if (file === undefined) {
    // It grew past the lower of the two limits since it was opened.
    if (options.maxUploadBytes < LIMITS.fileBytesMax)
      throw overUploadLimit('path', path, options.maxUploadBytes);
    throw new ToolInputError([fileTooLargeProblem(['path'])]);
  }
  const bytes = file;
  const name =
    args.filename === undefined
      ? ({ filename: basename(opened.path), from: 'path' } as const)
      : ({ filename: args.filename, from: 'filename' } as const);
  const problems = fileProblems(name, args.description, bytes, 'path');
  if (problems.length > 0) throw new ToolInputError(problems);
  return { file: bytes, filename: name.filename };
}

export const uploadVaultFile = defineTool({
  name: 'upload_vault_file',
  title: 'Upload a file to the vault',
  description: `Upload one file (${EXTENSIONS}) to a tracker's vault: a path under --files-root, or content_base64 and filename. Images need a ${LIMITS.imageDescriptionMin}-${LIMITS.imageDescriptionMax} character description. Free. Next: run_tracker.`,
  toolset: 'vault',
  operationId: 'uploadVaultData',
  input: z.strictObject({
    tracker_id: trackerId,
    path: z.string().min(1).optional().describe("File under the server's --files-root."),
    content_base64: z.string().optional(),
    filename: z.string().min(1).optional().describe("Name with extension; defaults to the path's."),
    source_name: documentField('VaultFileUpload', 'source_name').optional(),
    description: documentField('VaultFileUpload', 'description', false).optional(),
  }),
  output: sourceOutput.extend({ rows_processed: z.int(), is_new_source: z.boolean() }),
  annotations: CREATES,
  check: argumentProblems,
  async handler({ tracker_id, path, content_base64, filename, ...rest }, { client, options }) {
    const input =
      path === undefined
        ? { file: decode(content_base64 ?? ''), filename: filename ?? '' }
        : await readPath(path, { filename, ...rest }, options);
    const uploaded = await client.vault.uploadFile(tracker_id, { ...input, ...definedOnly(rest) });
    const { metadata: _metadata, cost_quants: _cost, ...structured } = uploaded;
    const summary = `Uploaded ${input.filename} to source ${uploaded.source_id} "${uploaded.name}" (${uploaded.rows_processed} items)`;
    return { structured, text: renderObject(summary, structured) };
  },
});
