// Splits rows into JSON upload requests of at most LIMITS.uploadRowsMax rows and
// LIMITS.uploadBytesMax bytes, as finished request bodies. Sans I/O: the caller sends each batch.
import { LIMITS } from '../generated/limits.ts';
import { type Problem, problem } from '../problem.ts';
import { byteLength, schemaProblems } from '../validate/requests.ts';

export interface PlannedBatch {
  /** The request body: `{"source_name":...,"description":...,"data":[...]}`. */
  body: string;
  rows: number;
  bytes: number;
  /** Index of the batch's first row among all rows given; its rows follow in order. */
  firstRow: number;
}

export interface UploadPlanner {
  /** Takes the next rows; returns the batches they completed, or the first problem. */
  add(rows: readonly unknown[]): { batches: PlannedBatch[]; problem?: Problem };
  /** The last, partly filled batch (undefined when every row was already planned). */
  finish(): PlannedBatch | undefined;
}

export interface UploadHead {
  source_name: string;
  description?: string | undefined;
}

/** Problems of the upload's own fields (source_name, description), before any row. */
export const uploadHeadProblems = (head: UploadHead): Problem[] =>
  // `data: {}` stands in for the rows, which the planner checks one by one.
  schemaProblems('VaultJsonUpload', { ...head, data: {} });

const isRow = (row: unknown): boolean => typeof row === 'object' && row !== null && !Array.isArray(row);

// Rows are serialized a chunk at a time (one JSON.stringify per chunk is far cheaper than one per
// row), with the chunk sized to a small share of the byte limit; only a chunk that would cross a
// request's byte limit is split row by row.
const CHUNK_ROWS_MAX = 128;

export function createUploadPlanner(
  head: UploadHead,
  limits: { rows: number; bytes: number } = { rows: LIMITS.uploadRowsMax, bytes: LIMITS.uploadBytesMax },
): UploadPlanner {
  const text = JSON.stringify(head.description === undefined ? { source_name: head.source_name } : head);
  const prefix = `${text.slice(0, -1)},"data":[`;
  const envelope = byteLength(prefix) + 2; // + "]}"
  const chunkBytesTarget = limits.bytes / 32;

  let parts: string[] = [];
  let batchRows = 0;
  let bytes = envelope;
  let seen = 0; // rows taken so far
  let firstRow = 0;
  let chunkRows = 8; // grows or shrinks with the rows' size

  const cut = (): PlannedBatch => {
    const batch = { body: `${prefix}${parts.join(',')}]}`, rows: batchRows, bytes, firstRow };
    firstRow += batchRows;
    parts = [];
    batchRows = 0;
    bytes = envelope;
    return batch;
  };

  const append = (json: string, size: number, rows: number) => {
    bytes += parts.length === 0 ? size : size + 1;
    parts.push(json);
    batchRows += rows;
  };

  function addChunk(chunk: readonly unknown[], start: number, out: PlannedBatch[]): Problem | undefined {
    const json = JSON.stringify(chunk).slice(1, -1);
    const size = byteLength(json);
    if (bytes + size + (parts.length === 0 ? 0 : 1) <= limits.bytes) {
      append(json, size, chunk.length);
    } else {
      for (const [i, row] of chunk.entries()) {
        const one = JSON.stringify(row);
        const oneSize = byteLength(one);
        if (envelope + oneSize > limits.bytes) {
          const index = start + i;
          return problem(
            ['rows', index],
            `x-max-request-bytes: ${limits.bytes}`,
            `row ${index} alone is ${oneSize} bytes; no request of at most ${limits.bytes} bytes can carry it`,
          );
        }
        if (batchRows > 0 && bytes + oneSize + 1 > limits.bytes) out.push(cut());
        append(one, oneSize, 1);
      }
    }
    chunkRows = Math.max(
      1,
      Math.min(CHUNK_ROWS_MAX, Math.floor(chunkBytesTarget / Math.max(1, size / chunk.length))),
    );
    if (batchRows >= limits.rows) out.push(cut());
    return undefined;
  }

  return {
    add(rows) {
      const batches: PlannedBatch[] = [];
      let i = 0;
      while (i < rows.length) {
        // A chunk never straddles the row limit, so only bytes can split one.
        const take = Math.min(chunkRows, limits.rows - batchRows, rows.length - i);
        const chunk = rows.slice(i, i + take);
        const bad = chunk.findIndex((row) => !isRow(row));
        if (bad >= 0) {
          const index = seen + bad;
          return {
            batches,
            problem: problem(
              ['rows', index],
              'type: object',
              `row ${index} is not a JSON object`,
              'dict_type',
            ),
          };
        }
        const found = addChunk(chunk, seen, batches);
        if (found) return { batches, problem: found };
        seen += take;
        i += take;
      }
      return { batches };
    },
    finish: () => (batchRows > 0 ? cut() : undefined),
  };
}
