// Rows from a file under --files-root or an http(s) URL, as a stream for the client's batching
// uploader (vault.uploadRows): a 100,000-row CSV never has to pass through the model. JSONL and
// CSV are read row by row; a JSON array is parsed whole (it has no row boundaries to stream on).
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { VaultRow } from '@trackerkit/core';
import { CSV_PARSE_OPTIONS, csvRowReader } from '@trackerkit/core/csv';
import { parse as parseCsv } from 'csv-parse';
import { ToolInputError } from '../tool-errors.ts';

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

function asRow(field: string, value: unknown, where: string): VaultRow {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ToolInputError(field, `${where} is not a JSON object; each row must be one`);
  }
  return value as VaultRow;
}

async function* jsonRows(field: string, bytes: Readable): AsyncGenerator<VaultRow> {
  const chunks: Buffer[] = [];
  for await (const chunk of bytes) chunks.push(chunk as Buffer);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw new ToolInputError(field, `not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(value)) throw new ToolInputError(field, 'a .json file must hold an array of objects');
  for (const [index, row] of value.entries()) yield asRow(field, row, `row ${index}`);
}

async function* jsonlRows(field: string, bytes: Readable): AsyncGenerator<VaultRow> {
  let line = 0;
  for await (const text of createInterface({ input: bytes, crlfDelay: Number.POSITIVE_INFINITY })) {
    line += 1;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ToolInputError(field, `line ${line} is not valid JSON`);
    }
    yield asRow(field, value, `line ${line}`);
  }
}

// CSV by the suite's one rule (`@trackerkit/core/csv`: the header names the fields, short and long
// rows, cell types), the same as the emulator's upload of a .csv file.
async function* csvRows(field: string, bytes: Readable): AsyncGenerator<VaultRow> {
  const parser = bytes.pipe(parseCsv(CSV_PARSE_OPTIONS));
  const read = csvRowReader();
  try {
    for await (const record of parser) {
      const row = read(record as unknown[]);
      if (row) yield row;
    }
  } catch (error) {
    throw new ToolInputError(field, `not valid CSV (${(error as Error).message})`);
  }
}

const READERS = { json: jsonRows, jsonl: jsonlRows, csv: csvRows } as const;

/** Rows of `bytes` in `format`, without the first `skip` (to resume after a partial upload). */
export async function* readRows(
  field: string,
  bytes: Readable,
  format: RowFormat,
  skip = 0,
): AsyncGenerator<VaultRow> {
  let index = 0;
  for await (const row of READERS[format](field, bytes)) {
    if (index++ >= skip) yield row;
  }
}

export function fileBytes(path: string): Readable {
  return createReadStream(path);
}
