import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { FILE_TYPES, LIMITS } from '@trackerkit/client';
import { z } from 'zod';
import { renderObject } from '../../render.ts';
import { definedOnly, trackerId } from '../../schemas.ts';
import { CREATES, defineTool, type ToolOptions } from '../../tool-definition.ts';
import { ToolInputError } from '../../tool-errors.ts';
import { sourceOutput } from './source-output.ts';

const EXTENSIONS = Object.keys(FILE_TYPES).join(', ');

async function readInput(
  args: { path?: string; content_base64?: string; filename?: string },
  options: ToolOptions,
) {
  if ((args.path === undefined) === (args.content_base64 === undefined)) {
    throw new ToolInputError('path', 'give exactly one of path or content_base64');
  }
  if (args.path !== undefined) {
    if (!options.allowFilePaths) {
      throw new ToolInputError('path', 'this server does not read its own files; send content_base64');
    }
    const path = resolve(args.path);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) throw new ToolInputError('path', `no readable file at ${path}`);
    if (info.size > LIMITS.fileBytesMax) {
      throw new ToolInputError('path', `file is ${info.size} bytes; at most ${LIMITS.fileBytesMax}`);
    }
    const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      throw new ToolInputError('path', `cannot read ${path} (${error.code ?? error.message})`);
    });
    return { file: new Uint8Array(bytes), filename: args.filename ?? basename(path) };
  }
  if (args.filename === undefined) {
    throw new ToolInputError(
      'filename',
      `required with content_base64; its extension (${EXTENSIONS}) sets the type`,
    );
  }
  const file = new Uint8Array(Buffer.from(args.content_base64 ?? '', 'base64'));
  if (file.byteLength === 0) throw new ToolInputError('content_base64', 'empty or not base64');
  if (file.byteLength > LIMITS.fileBytesMax) {
    throw new ToolInputError(
      'content_base64',
      `decodes to ${file.byteLength} bytes; at most ${LIMITS.fileBytesMax}`,
    );
  }
  return { file, filename: args.filename };
}

export const uploadVaultFile = defineTool({
  name: 'upload_vault_file',
  title: 'Upload a file to the vault',
  description: `Upload one file (${EXTENSIONS}) to a tracker's vault: a path on the server's machine, or content_base64 with a filename. Images need a description of ${LIMITS.imageDescriptionMin}-${LIMITS.imageDescriptionMax} characters. Free. Next: run_tracker.`,
  toolset: 'vault',
  operationId: 'uploadVaultData',
  input: z.strictObject({
    tracker_id: trackerId,
    path: z.string().min(1).optional().describe("File path on the MCP server's machine."),
    content_base64: z.string().optional(),
    filename: z.string().min(1).optional().describe("Name with extension; defaults to the path's."),
    source_name: z
      .string()
      .min(1)
      .max(LIMITS.sourceNameMax)
      .optional()
      .describe('Defaults to the file name.'),
    description: z.string().max(LIMITS.imageDescriptionMax).optional(),
  }),
  output: sourceOutput.extend({ rows_processed: z.int(), is_new_source: z.boolean() }),
  annotations: CREATES,
  async handler({ tracker_id, path, content_base64, filename, ...rest }, { client, options }) {
    const input = await readInput({ path, content_base64, filename }, options);
    const uploaded = await client.vault.uploadFile(tracker_id, { ...input, ...definedOnly(rest) });
    const { metadata: _metadata, cost_quants: _cost, ...structured } = uploaded;
    const summary = `Uploaded ${input.filename} to source ${uploaded.source_id} "${uploaded.name}" (${uploaded.rows_processed} items)`;
    return { structured, text: renderObject(summary, structured) };
  },
});
