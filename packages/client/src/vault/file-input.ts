// Reads every accepted file input (Buffer, Uint8Array, Blob, web ReadableStream, Node Readable) into
// memory, stopping as soon as it is larger than the document allows.
import { fileTooLargeProblem, LIMITS } from '@trackerkit/core';
import { TrackerValidationError, validationError } from '../errors.ts';

export type FileInput = Uint8Array | Blob | ReadableStream<Uint8Array> | NodeJS.ReadableStream;

const fileTooLarge = (): TrackerValidationError => new TrackerValidationError([fileTooLargeProblem()]);

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof (value as { [Symbol.asyncIterator]?: unknown })?.[Symbol.asyncIterator] === 'function';
}

export async function readFileInput(file: FileInput): Promise<Uint8Array> {
  if (file instanceof Uint8Array) return file;
  if (file instanceof Blob) {
    if (file.size > LIMITS.fileBytesMax) throw fileTooLarge();
    return new Uint8Array(await file.arrayBuffer());
  }
  if (!isAsyncIterable(file)) {
    throw validationError(
      'file',
      'type: binary',
      'file must be a Buffer, Uint8Array, Blob, ReadableStream or Readable',
    );
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early cancels a web stream and destroys a Node stream.
  for await (const chunk of file) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array);
    size += bytes.length;
    if (size > LIMITS.fileBytesMax) throw fileTooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}
