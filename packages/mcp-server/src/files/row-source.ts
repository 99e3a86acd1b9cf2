// Rows from a file under --files-root or a URL's body (kept in a temporary file), as a stream for
// the client's batching uploader (vault.uploadRows): a 100,000-row CSV never has to pass through
// the model. Every format is read row by row as the bytes arrive, and every stage is joined with
// pipeline, so an error anywhere (a read, a parse) ends the rows with that error and no stream is
// left with an error no one listens to.
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { extname } from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import type { VaultRow } from '@trackerkit/core';
import { CSV_PARSE_OPTIONS, csvRowReader } from '@trackerkit/core/csv';
import { parse as parseCsv } from 'csv-parse';
import { ToolInputError } from '../tool-api/tool-errors.ts';
import { capBytes, overUploadLimit } from './byte-cap.ts';
import { jsonArrayRows, jsonLineRows } from './json-rows.ts';

export const ROW_FORMATS = ['json', 'jsonl', 'csv'] as const;
export type RowFormat = (typeof ROW_FORMATS)[number];

const BY_EXTENSION: Record<string, RowFormat> = {
  '.json': 'json',
  '.jsonl': 'jsonl',
  '.ndjson': 'jsonl',
  '.csv': 'csv',
};

/** The format from an explicit choice, the name's extension, or a content type. */
export function rowFormatOf(field: string, name: string, contentType?: string | null): RowFormat {
  const byName = BY_EXTENSION[extname(name).toLowerCase()];
  if (byName) return byName;
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/csv') return 'csv';
  if (type === 'application/x-ndjson' || type === 'application/jsonl') return 'jsonl';
  if (type === 'application/json') return 'json';
  throw new ToolInputError(
    field,
    `cannot tell the format of ${name}: name it .json, .jsonl or .csv, or give format (${ROW_FORMATS.join(', ')})`,
  );
}

/**
 * `streams` joined: the last one, which fails with the first error of any of them, and whose end
 * (or destruction by a reader that stops early) ends all of them.
 */
const joined = (streams: [Readable, ...NodeJS.ReadWriteStream[]]): Readable =>
  pipeline(streams, () => {}) as unknown as Readable;

// CSV by the suite's one rule (`@trackerkit/core/csv`: the header names the fields, short and long
// rows, cell types), the same as the emulator's upload of a .csv file.
async function* csvRows(field: string, bytes: Readable): AsyncGenerator<VaultRow> {
  const read = csvRowReader();
  try {
    for await (const record of joined([bytes, parseCsv(CSV_PARSE_OPTIONS)])) {
      const row = read(record as unknown[]);
      if (row) yield row;
    }
  } catch (error) {
    if (error instanceof ToolInputError) throw error;
    throw new ToolInputError(field, `not valid CSV (${(error as Error).message})`);
  }
}

const READERS = { json: jsonArrayRows, jsonl: jsonLineRows, csv: csvRows } as const;

/** Rows of `bytes` in `format`, without the first `skip` (to resume after a partial upload). */
export async function* readRows(
  field: string,
  bytes: Readable,
  format: RowFormat,
  skip = 0,
): AsyncGenerator<VaultRow> {
  let index = 0;
  try {
    for await (const row of READERS[format](field, bytes)) {
      if (index++ >= skip) yield row;
    }
  } catch (error) {
    if (error instanceof ToolInputError) throw error;
    // A read that failed (the disk, not the rows): still the argument's error, said as such.
    throw new ToolInputError(field, `cannot read the rows (${(error as Error).message})`);
  }
}

/**
 * The bytes of an open file from its start, at most `limit` of them (`what` names the file in the
 * error past it). The handle stays open, so the rows can be read again (counted, then sent).
 */
export function fileBytes(handle: FileHandle, limit: number, field: string, what: string): Readable {
  const file = createReadStream('', { fd: handle, start: 0, autoClose: false });
  return joined([file, capBytes(limit, () => overUploadLimit(field, what, limit))]);
}
