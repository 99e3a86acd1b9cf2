// vault.uploadRows: splits any number of rows into requests of at most LIMITS.uploadRowsMax rows and
// LIMITS.uploadBytesMax bytes, paced to the upload rate limit.
import { validationError } from '../errors.ts';
import { LIMITS } from '../generated/limits.ts';
import { VaultJsonUploadSchema } from '../generated/zod.ts';
import type { VaultRow, VaultUploadResponse } from '../types.ts';
import { throwIfAny, zodProblems } from '../validate/zod-problems.ts';

export interface UploadRowsInput {
  source_name: string;
  rows: Iterable<VaultRow> | AsyncIterable<VaultRow>;
  description?: string | undefined;
}

export interface BatchInfo {
  /** 0-based batch number. */
  index: number;
  rows: number;
  bytes: number;
  response: VaultUploadResponse;
}

export interface UploadRowsOptions {
  signal?: AbortSignal | undefined;
  onBatch?: ((batch: BatchInfo) => void) | undefined;
}

export interface UploadRowsResult {
  source_id: string;
  batches: number;
  rows_processed: number;
}

/** Sends one serialized batch (paced and retried by the caller's transport). */
type SendBatch = (body: string, signal: AbortSignal | undefined) => Promise<VaultUploadResponse>;

const isRow = (row: unknown): row is VaultRow =>
  typeof row === 'object' && row !== null && !Array.isArray(row);

// Rows are serialized a chunk at a time (one JSON.stringify per chunk is far cheaper than one per
// row), with the chunk sized to stay a small share of the byte limit; only a chunk that would
// cross a request's byte limit is split row by row.
const CHUNK_ROWS_MAX = 128;
const CHUNK_BYTES_TARGET = LIMITS.uploadBytesMax / 32;

export async function uploadRows(
  input: UploadRowsInput,
  send: SendBatch,
  options: UploadRowsOptions = {},
): Promise<UploadRowsResult> {
  const { source_name, description } = input;
  // `data: {}` stands in for the rows, which are checked one by one below.
  throwIfAny(zodProblems(VaultJsonUploadSchema, { source_name, description, data: {} }));
  const head = JSON.stringify(description === undefined ? { source_name } : { source_name, description });
  const prefix = `${head.slice(0, -1)},"data":[`;
  const envelope = Buffer.byteLength(prefix) + 2; // + "]}"

  // The batch being built: serialized pieces (each one or more rows, comma-joined).
  let parts: string[] = [];
  let batchRows = 0;
  let bytes = envelope;
  let batches = 0;
  let processed = 0;
  let sourceId: string | undefined;

  const flush = async () => {
    const body = `${prefix}${parts.join(',')}]}`;
    const response = await send(body, options.signal);
    sourceId ??= response.source_id;
    processed += response.rows_processed;
    options.onBatch?.({ index: batches, rows: batchRows, bytes, response });
    batches += 1;
    parts = [];
    batchRows = 0;
    bytes = envelope;
  };

  const append = (json: string, size: number, rows: number) => {
    bytes += parts.length === 0 ? size : size + 1;
    parts.push(json);
    batchRows += rows;
  };

  let chunk: VaultRow[] = [];
  let chunkStart = 0; // index of chunk[0] among all rows
  let chunkRows = 8; // grows or shrinks with the rows' size

  const commitRowByRow = async () => {
    for (const [i, row] of chunk.entries()) {
      const json = JSON.stringify(row);
      const size = Buffer.byteLength(json);
      if (envelope + size > LIMITS.uploadBytesMax) {
        const index = chunkStart + i;
        throw validationError(
          `rows[${index}]`,
          `x-max-request-bytes: ${LIMITS.uploadBytesMax}`,
          `row ${index} alone is ${size} bytes; no request can carry it`,
        );
      }
      if (batchRows > 0 && bytes + size + 1 > LIMITS.uploadBytesMax) await flush();
      append(json, size, 1);
    }
  };

  const commit = async () => {
    if (chunk.length === 0) return;
    const json = JSON.stringify(chunk).slice(1, -1);
    const size = Buffer.byteLength(json);
    if (bytes + size + (parts.length === 0 ? 0 : 1) <= LIMITS.uploadBytesMax)
      append(json, size, chunk.length);
    else await commitRowByRow();
    chunkRows = Math.max(1, Math.min(CHUNK_ROWS_MAX, Math.floor(CHUNK_BYTES_TARGET / (size / chunk.length))));
    chunkStart += chunk.length;
    chunk = [];
    if (batchRows >= LIMITS.uploadRowsMax) await flush();
  };

  /** Takes one row; true when the chunk is ready to be serialized. */
  const take = (row: unknown): boolean => {
    if (!isRow(row)) {
      throw validationError(
        `rows[${chunkStart + chunk.length}]`,
        'type: object',
        'each row must be a JSON object',
      );
    }
    chunk.push(row);
    // A chunk never straddles the row limit, so only bytes can split one.
    return chunk.length >= chunkRows || batchRows + chunk.length >= LIMITS.uploadRowsMax;
  };

  // A plain loop for arrays and other sync iterables: `for await` would cost a promise per row.
  const source = input.rows;
  if (Symbol.iterator in source) {
    for (const row of source) if (take(row)) await commit();
  } else {
    for await (const row of source) if (take(row)) await commit();
  }
  await commit();
  if (batchRows > 0) await flush();
  if (sourceId === undefined) throw validationError('rows', 'minItems: 1', 'there are no rows to upload');
  return { source_id: sourceId, batches, rows_processed: processed };
}
